/* eslint-disable @typescript-eslint/no-require-imports */
import type { INestApplicationContext, Type } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { type AppConfig, loadConfig } from '../config/configuration';
import type { OpenDatabaseOptions } from '../database/database';

/**
 * The domain modules a command's services live in, loaded when the command runs: a command
 * loads and builds only what it calls (an account command neither loads nor builds the
 * agents, kinds and workflow engine), which is most of a command's cost.
 */
export type CommandModules = () => Type[];

export const ACCOUNT_MODULES: CommandModules = () => [
  (require('../auth/auth.module') as typeof import('../auth/auth.module')).AuthModule,
];

export const USER_MODULES: CommandModules = () => [
  (require('../users/users.module') as typeof import('../users/users.module')).UsersModule,
];

/** Agents with their kinds, the workflow engine and the outbox their events go through. */
export const AGENT_MODULES: CommandModules = () => [
  (require('../auth/auth.module') as typeof import('../auth/auth.module')).AuthModule,
  (require('../agents/agents.module') as typeof import('../agents/agents.module')).AgentsModule,
  (require('../users/users.module') as typeof import('../users/users.module')).UsersModule,
  (require('../workflows/workflows.module') as typeof import('../workflows/workflows.module'))
    .WorkflowsModule,
  (
    require('../webhooks/outbound/outbound.module') as typeof import('../webhooks/outbound/outbound.module')
  ).OutboundModule,
];

export type DatabaseOptions = Omit<OpenDatabaseOptions, 'entities'> & {
  /** Check the secret key as at start (default true). */
  checkSecretKey?: boolean;
};

/**
 * Runs `fn` on the configured database, without a container, then prints its result (for
 * `migrate` and `secret-key:rotate`, which need no service). The secret key is checked as
 * at start (a command would otherwise seal secrets under a key the service does not have),
 * unless `checkSecretKey: false`.
 */
export async function withDatabase(
  fn: (dataSource: DataSource, config: AppConfig) => Promise<unknown>,
  options: DatabaseOptions = {},
): Promise<void> {
  const config = loadConfig();
  const { openDatabase } = require('../database/database') as typeof import('../database/database');
  const { ENTITIES } = require('../entities') as typeof import('../entities');
  const dataSource = await openDatabase(config, { ...options, entities: ENTITIES });
  try {
    if (options.checkSecretKey !== false) {
      const { checkSecretKey } =
        require('../secret-key/secret-key-check') as typeof import('../secret-key/secret-key-check');
      const { SecretBox } = require('../common/crypto') as typeof import('../common/crypto');
      await checkSecretKey(dataSource, new SecretBox(config.secretKey, config.secretKeyPrevious));
    }
    const result = await fn(dataSource, config);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

/**
 * Runs `fn` with the services of `modules` on the configured database, then prints its
 * result. The public URLs the environment does not set are those the running service
 * recorded (database/service-urls.ts), so that printed links lead to it.
 */
export async function withServices(
  modules: CommandModules,
  fn: (app: INestApplicationContext) => Promise<unknown>,
  options: DatabaseOptions = {},
): Promise<void> {
  await withDatabase(async (dataSource, loaded) => {
    const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
    const { CliModule } = require('./cli.module') as typeof import('./cli.module');
    const { readServiceUrls, withServiceUrls } =
      require('../database/service-urls') as typeof import('../database/service-urls');
    const config = withServiceUrls(loaded, await readServiceUrls(dataSource, loaded), process.env);
    const app = await NestFactory.createApplicationContext(
      CliModule.forRoot({ config, dataSource, imports: modules() }),
      { logger: false },
    );
    try {
      return await fn(app);
    } finally {
      await app.close();
    }
  }, options);
}
