import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/configuration';
import { openDatabase } from '../src/database/database';
import { createTestDatabase, TestDatabase } from './support/database';
import { TEST_SECRET_KEY } from './support/service';

describe('migrations', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ SECRET_KEY: TEST_SECRET_KEY, ...db.env });
    dataSource = await openDatabase(config, { migrate: true });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('produce exactly the schema of the entities (no pending changes)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('are all applied and a second run does nothing', async () => {
    expect(await dataSource.showMigrations()).toBe(false);
    expect(await dataSource.runMigrations()).toEqual([]);
  });
});
