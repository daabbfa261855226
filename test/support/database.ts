import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export type TestDriver = 'sqlite' | 'mariadb';

export const testDriver = (): TestDriver =>
  process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite';

export interface TestDatabase {
  driver: TestDriver;
  /** Environment variables that point the service at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one suite: a temporary SQLite file, or a new MariaDB
 * database on the server of TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(driver: TestDriver = testDriver()): Promise<TestDatabase> {
  if (driver === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aas-test-'));
    return {
      driver,
      env: { DATABASE_PATH: join(dir, 'test.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the mariadb project');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const url = new URL(base);
  const admin = await createConnection({ uri: base });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'aas-test-'));
  return {
    driver,
    env: {
      DATABASE_URL: url.toString(),
      MIGRATE_ON_START: 'true',
      DATABASE_PATH: join(dir, 'unused.sqlite'),
    },
    drop: async () => {
      const conn = await createConnection({ uri: base });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
