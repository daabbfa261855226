import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../config/configuration';
import { openDatabase, type OpenDatabaseOptions } from '../database/database';
import { LocalBus } from '../runner/local-bus';
import { CliModule } from './cli.module';

/** Runs `fn` with the app's services on the configured database, then prints its result. */
export async function withServices(
  fn: (app: INestApplicationContext) => Promise<unknown>,
  options: OpenDatabaseOptions = {},
): Promise<void> {
  const config = loadConfig();
  const dataSource = await openDatabase(config, options);
  const app = await NestFactory.createApplicationContext(
    CliModule.forRoot({ config, dataSource, bus: new LocalBus() }),
    {
      logger: false,
    },
  );
  try {
    const result = await fn(app);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
    await dataSource.destroy();
  }
}
