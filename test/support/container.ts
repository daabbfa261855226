import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { type Plan } from '../../src/config/plans';
import { Account } from '../../src/auth/account.entity';
import { newId } from '../../src/common/ids';
import type { AppConfig, Role } from '../../src/config/configuration';
import { openDatabase } from '../../src/database/database';
import { ENTITIES } from '../../src/entities';
import { createTestDatabase, type TestDatabase } from './database';
import { testConfig } from './config';

/** What a module test needs to build a part of the container: a configuration and a database. */
export interface ModuleTestDatabase {
  config: AppConfig;
  dataSource: DataSource;
  db: TestDatabase;
  /** An account row (the worker and the webhook have no route that makes one). */
  insertAccount(plan?: Plan): Promise<Account>;
  close(): Promise<void>;
}

/**
 * A fresh database of the suite's driver, migrated and opened as `startService` opens it, and
 * the configuration that points at it (`env` on top), for
 * `AppModule.forRoot({ config, dataSource, roles })` in `Test.createTestingModule`.
 */
export async function openModuleTestDatabase(
  env: Record<string, string> = {},
): Promise<ModuleTestDatabase> {
  const db = await createTestDatabase();
  const config = testConfig(db, env);
  const dataSource = await openDatabase(config, { entities: ENTITIES });
  return {
    config,
    dataSource,
    db,
    async insertAccount(plan: Plan = 'enterprise') {
      const account: Account = {
        id: newId('acc'),
        name: 'Module test account',
        plan,
        signingSecretEnc: null,
        createdAt: new Date(),
      };
      await dataSource.getRepository(Account).insert(account);
      return account;
    },
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    },
  };
}

/**
 * `Test.createTestingModule` for the part of the container that serves `roles`, on the
 * module test's database: chain `overrideProvider(...)`, then `compile()`.
 */
export function roleModule(db: ModuleTestDatabase, roles: Role[]): TestingModuleBuilder {
  return Test.createTestingModule({
    imports: [AppModule.forRoot({ config: db.config, dataSource: db.dataSource, roles })],
  });
}
