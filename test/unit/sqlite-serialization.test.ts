import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/configuration';
import { openDatabase } from '../../src/database/database';
import { ENTITIES } from '../../src/entities';
import { TEST_SECRET_KEY } from '../support/service';

const insert = (id: string) =>
  `INSERT INTO accounts (id, name, plan, signing_secret_enc, created_at) VALUES ('${id}', 'n', 'pro', NULL, '2026-01-01 00:00:00.000')`;

describe('SQLite: one connection, serialized use', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-serial-'));
    const config = loadConfig({
      DATABASE_PATH: join(dir, 'db.sqlite'),
      SECRET_KEY: TEST_SECRET_KEY,
    });
    dataSource = await openDatabase(config, { entities: ENTITIES });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a statement issued while a transaction is open is not swallowed by its rollback', async () => {
    let release!: () => void;
    let begun!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const rolledBack = dataSource
      .transaction(async (manager) => {
        await manager.query(insert('acc_in_tx'));
        begun();
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await inside; // the transaction is open now
    const outside = dataSource.query(insert('acc_outside'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect(await rolledBack).toBe('roll back');
    await outside;
    const ids = (await dataSource.query('SELECT id FROM accounts ORDER BY id')) as { id: string }[];
    expect(ids.map((row) => row.id)).toEqual(['acc_outside']);
  });

  it('overlapping transactions run one after the other', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        dataSource.transaction(async (manager) => {
          order.push(`${name}:begin`);
          await manager.query(insert(`acc_tx_${name}`));
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(`${name}:end`);
        }),
      ),
    );
    expect(order).toEqual(['a:begin', 'a:end', 'b:begin', 'b:end', 'c:begin', 'c:end']);
  });
});

describe('SQLite: opening a file another process holds locked', () => {
  it('waits for the lock instead of failing to start (several processes on one new file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-open-'));
    const path = join(dir, 'db.sqlite');
    // Another process's connection: it holds the file's exclusive lock for a while.
    // better-sqlite3 ships no type declarations: a typed require, as in daily-counters.test.ts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Database = require('better-sqlite3') as new (file: string) => {
      exec(sql: string): void;
      close(): void;
    };
    const other = new Database(path);
    other.exec('BEGIN EXCLUSIVE');
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec('COMMIT');
        other.close();
        resolve();
      }, 400),
    );
    try {
      const config = loadConfig({ DATABASE_PATH: path, SECRET_KEY: TEST_SECRET_KEY });
      const opened = await openDatabase(config, { entities: ENTITIES });
      await released;
      const [mode] = (await opened.query('PRAGMA journal_mode')) as { journal_mode: string }[];
      expect(mode.journal_mode.toLowerCase()).toBe('wal');
      await opened.destroy();
    } finally {
      await released;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
