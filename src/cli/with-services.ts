import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SecretBox } from '../common/crypto';
import { loadConfig } from '../config/configuration';
import { openDatabase, type OpenDatabaseOptions } from '../database/database';
import { ENTITIES } from '../entities';
import { checkSecretKey } from '../secret-key/secret-key-check';
import { CliModule } from './cli.module';

/**
 * Runs `fn` with the app's services on the configured database, then prints its result. The
 * secret key is checked as at start (a command would otherwise seal secrets under a key the
 * service does not have), unless `checkSecretKey: false` (migrate, secret-key:rotate).
 */
export async function withServices(
  fn: (app: INestApplicationContext) => Promise<unknown>,
  options: Omit<OpenDatabaseOptions, 'entities'> & { checkSecretKey?: boolean } = {},
): Promise<void> {
  const config = loadConfig();
  const dataSource = await openDatabase(config, { ...options, entities: ENTITIES });
  if (options.checkSecretKey !== false) {
    try {
      await checkSecretKey(dataSource, new SecretBox(config.secretKey, config.secretKeyPrevious));
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
  }
  const app = await NestFactory.createApplicationContext(
    CliModule.forRoot({ config, dataSource }),
    { logger: false },
  );
  try {
    const result = await fn(app);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
    await dataSource.destroy();
  }
}
