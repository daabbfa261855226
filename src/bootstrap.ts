import 'reflect-metadata';
import { INestApplication, INestApplicationContext, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { EnvelopeFlavour, sendError } from './common/error-envelope';
import { jsonBody } from './common/json-body.middleware';
import type { AppConfig } from './config/configuration';
import type { CoreResources } from './core.module';
import { openDatabase } from './database/database';
import { LocalBus } from './runner/local-bus';
import { WebhookAppModule } from './webhook-app.module';
import { WorkerModule } from './worker.module';

/** The parts of one running process, as chosen by ROLE. */
export interface Service {
  config: AppConfig;
  dataSource: DataSource;
  api?: INestApplication;
  webhook?: INestApplication;
  worker?: INestApplicationContext;
  close(): Promise<void>;
}

export function configureHttpApp(
  app: NestExpressApplication,
  flavour: EnvelopeFlavour,
  config: AppConfig,
): void {
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'simple');
  for (const handler of jsonBody(flavour, config.docsUrl)) app.use(handler);
  if (flavour === 'rest') {
    app.setGlobalPrefix('v2', {
      exclude: [
        { path: 'docs', method: RequestMethod.ALL },
        { path: 'docs/{*rest}', method: RequestMethod.ALL },
        { path: 'health', method: RequestMethod.ALL },
        { path: 'metrics', method: RequestMethod.ALL },
      ],
    });
  }
  app.useLogger(app.get(Logger));
}

async function createHttpApp(
  module: unknown,
  flavour: EnvelopeFlavour,
  config: AppConfig,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module as never, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  configureHttpApp(app, flavour, config);
  await app.init();
  // Anything no route matched (outside the /v2 prefix too) is a 404 in the envelope.
  app.use((req: Request, res: Response) =>
    sendError(
      res,
      flavour,
      config.docsUrl,
      'not_found',
      `No route ${req.method} ${req.originalUrl.split('?')[0]}`,
    ),
  );
  return app;
}

/**
 * Starts the roles of ROLE in this process on one shared DataSource: the REST API, the
 * webhook listener and the worker are separate Nest applications. With `listen: false`
 * (tests) the HTTP apps are initialised but bound to no port.
 */
export async function startService(
  config: AppConfig,
  options: { listen?: boolean } = {},
): Promise<Service> {
  const dataSource = await openDatabase(config);
  const core: CoreResources = { config, dataSource, bus: new LocalBus() };
  const service: Service = {
    config,
    dataSource,
    close: async () => {
      // Stop intake first, then drain the worker, then release the database.
      if (service.webhook) await service.webhook.close();
      if (service.api) await service.api.close();
      if (service.worker) await service.worker.close();
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
  try {
    if (config.roles.has('worker')) {
      service.worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(core), {
        logger: false,
      });
      await service.worker.init();
    }
    if (config.roles.has('api'))
      service.api = await createHttpApp(AppModule.forRoot(core), 'rest', config);
    if (config.roles.has('webhook')) {
      service.webhook = await createHttpApp(WebhookAppModule.forRoot(core), 'webhook', config);
    }
    if (options.listen) {
      if (service.api) await service.api.listen(config.port);
      if (service.webhook) await service.webhook.listen(config.webhookPort);
    }
  } catch (error) {
    await service.close().catch(() => undefined);
    throw error;
  }
  return service;
}
