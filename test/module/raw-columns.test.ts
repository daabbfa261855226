import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../src/agents/agent.entity';
import { RawColumns } from '../../src/database/raw-sql';
import { openModuleTestDatabase, type ModuleTestDatabase } from '../support/container';
import { insertAgent } from '../support/rows';

/**
 * RawColumns.iso on the suite's database (SQLite, and MariaDB in the module-mariadb project):
 * a timestamp read by hand-written SQL gives the text that TypeORM's hydration followed by
 * `toISOString()` gives, whether it takes the shortcut (SQLite's own text) or the driver.
 */
describe('RawColumns.iso (module: timestamps read by hand-written SQL)', () => {
  let db: ModuleTestDatabase;
  let raw: RawColumns<Agent>;
  let accountId: string;

  beforeAll(async () => {
    db = await openModuleTestDatabase();
    raw = new RawColumns(db.dataSource, Agent);
    accountId = (await db.insertAccount()).id;
  });

  afterAll(async () => db?.close());

  it.each([
    '2026-11-29T03:55:31.359Z',
    '2026-01-01T00:00:00.000Z',
    '2026-12-31T23:59:59.999Z',
    '2027-02-28T12:00:00.007Z',
  ])('a stored %s reads back as the same text, as the entity does', async (at) => {
    const agent = await insertAgent(db.dataSource, accountId, { createdAt: new Date(at) });
    const [row]: { created_at: unknown }[] = await db.dataSource.query(
      'SELECT created_at FROM agents WHERE id = ?',
      [agent.id],
    );
    const entity = await db.dataSource.getRepository(Agent).findOneByOrFail({ id: agent.id });
    expect(raw.iso('createdAt', row.created_at)).toBe(at);
    expect(raw.iso('createdAt', row.created_at)).toBe(entity.createdAt.toISOString());
    expect(raw.iso('createdAt', row.created_at)).toBe(
      raw.hydrate('createdAt', row.created_at).toISOString(),
    );
  });

  it('a value not in SQLite’s text goes through the driver', () => {
    const at = new Date('2026-11-29T03:55:31.359Z');
    expect(raw.iso('createdAt', at)).toBe('2026-11-29T03:55:31.359Z');
    // No milliseconds, or a `T` already: not the shortcut's shape, still the driver's answer.
    for (const text of ['2026-11-29 03:55:31', '2026-11-29T03:55:31.359Z']) {
      expect(raw.iso('createdAt', text)).toBe(raw.hydrate('createdAt', text).toISOString());
    }
  });
});
