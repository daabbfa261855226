import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/configuration';
import { openDatabase } from '../../src/database/database';
import { ENTITIES } from '../../src/entities';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('files of the data folder are private to the owner', () => {
  it('creates the data folder 0700, secret.key 0600 and the SQLite files 0600', async () => {
    const previous = process.umask(0o022);
    try {
      const dir = join(mkdtempSync(join(tmpdir(), 'aas-private-')), 'data', 'nested');
      const config = loadConfig({ DATABASE_PATH: join(dir, 'agents.sqlite') });
      expect(mode(dir)).toBe(0o700);
      expect(mode(join(dir, 'secret.key'))).toBe(0o600);

      const fresh = join(mkdtempSync(join(tmpdir(), 'aas-private-')), 'db');
      const dataSource = await openDatabase(
        { ...config, databasePath: join(fresh, 'agents.sqlite') },
        { entities: ENTITIES },
      );
      try {
        expect(mode(fresh)).toBe(0o700);
        for (const file of ['agents.sqlite', 'agents.sqlite-wal', 'agents.sqlite-shm']) {
          expect(existsSync(join(fresh, file)), file).toBe(true);
          expect(mode(join(fresh, file)), file).toBe(0o600);
        }
      } finally {
        await dataSource.destroy();
      }
    } finally {
      process.umask(previous);
    }
  });
});
