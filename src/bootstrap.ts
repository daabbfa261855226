import 'reflect-metadata';
import { INestApplication, INestApplicationContext, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { EnvelopeFlavour, sendError } from './common/error-envelope';
import { answerUnparsableRequests, securityHeaders } from './common/http-hardening';
import { applyHttpTimeouts } from './common/http-timeouts';
import { jsonBody } from './common/json-body.middleware';
import { redactUrl } from './common/logging.module';
import { rootPage } from './dashboard/dashboard-static';
import { requestLog } from './common/request-log.middleware';
import { ShutdownClock } from './common/shutdown';
import type { AppConfig } from './config/configuration';
import type { CoreResources } from './core.module';
import { openDatabase } from './database/database';
import { SecretBox } from './common/crypto';
import { checkSecretKey } from './secret-key/secret-key-check';
import { setupApiDocs } from './docs/openapi';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { MetricsService } from './metrics/metrics.service';
import { LocalBus } from './runner/local-bus';
import { LocalDispatch } from './runner/local-dispatch';
import { RedisQueues } from './runner/redis-queues';
import { RateLimitStore } from './throttling/rate-limit-store';
import { WebhookAppModule } from './webhook-app.module';
import { WorkerModule } from './worker.module';

/** The parts of one running process, as chosen by ROLE. */
export interface Service {
  config: AppConfig;
  dataSource: DataSource;
  api?: INestApplication;
  webhook?: INestApplication;
  worker?: INestApplicationContext;
  metrics: MetricsService;
  /**
   * Drains and stops (SIGTERM): the listeners stop accepting connections and finish their
   * in-flight requests, then the worker finishes its in-flight runs, all within
   * SHUTDOWN_GRACE_MS; then the database is released. Connections still open at the deadline
   * are cut; runs still unfinished are left to the next worker (see the runner).
   */
  close(): Promise<void>;
}

export function configureHttpApp(
  app: NestExpressApplication,
  flavour: EnvelopeFlavour,
  config: AppConfig,
  shutdown: ShutdownClock = new ShutdownClock(),
): void {
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  applyHttpTimeouts(app.getHttpServer() as Server, config);
  answerUnparsableRequests(app.getHttpServer() as Server, flavour, config.docsUrl);
  app.use(requestLog(() => PinoLogger.root));
  app.use(httpMetrics(app.get(MetricsService), flavour === 'rest' ? 'api' : 'webhook'));
  app.use(securityHeaders());
  app.use((_req: Request, res: Response, next: NextFunction) => {
    // Once draining, keep-alive clients are asked to go elsewhere after this response.
    if (shutdown.draining) res.setHeader('Connection', 'close');
    next();
  });
  for (const handler of jsonBody(flavour, config.docsUrl)) app.use(handler);
  if (flavour === 'rest') {
    // `GET /`: a small page linking the dashboard (/dashboard/) and the API docs.
    app.use(rootPage);
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
  shutdown: ShutdownClock,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module as never, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  configureHttpApp(app, flavour, config, shutdown);
  // Before init: Nest adds its catch-all not-found route at init. The document is built
  // on first request, once every controller is registered.
  if (flavour === 'rest') setupApiDocs(app, config);
  await app.init();
  // Anything no route matched (outside the /v2 prefix too) is a 404 in the envelope.
  app.use((req: Request, res: Response) =>
    sendError(
      res,
      flavour,
      config.docsUrl,
      'not_found',
      `No route ${req.method} ${redactUrl(req.originalUrl.split('?')[0])}`,
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
  // A SECRET_KEY other than the one that sealed the stored secrets is refused here.
  try {
    await checkSecretKey(dataSource, new SecretBox(config.secretKey, config.secretKeyPrevious));
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  const metrics = new MetricsService(dataSource);
  const shutdown = new ShutdownClock();
  const rateLimitStore = RateLimitStore.forConfig(config);
  const bus = new LocalBus();
  const redisQueues = config.redisUrl ? new RedisQueues(config, bus) : undefined;
  const core: CoreResources = {
    config,
    dataSource,
    bus,
    metrics,
    shutdown,
    rateLimitStore,
    redisQueues,
    dispatch: new LocalDispatch(),
  };
  let closing: Promise<void> | undefined;
  const service: Service = {
    config,
    dataSource,
    metrics,
    close: () => {
      closing ??= (async () => {
        // Stop intake first (both listeners at once), then drain the worker, then release
        // the database. One deadline bounds it all.
        const deadline = shutdown.begin(config.shutdownGraceMs);
        await Promise.all([drainHttp(service.webhook, deadline), drainHttp(service.api, deadline)]);
        // The worker waits for its runs until the deadline, then puts back the unfinished
        // ones: give it a moment past the deadline for those writes.
        if (service.worker) await closeBefore(service.worker.close(), deadline + RELEASE_MARGIN_MS);
        await redisQueues?.close();
        await rateLimitStore.close();
        if (dataSource.isInitialized) await dataSource.destroy();
      })();
      return closing;
    },
  };
  try {
    if (config.roles.has('worker')) {
      service.worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(core), {
        bufferLogs: true,
      });
      service.worker.useLogger(service.worker.get(Logger));
      await service.worker.init();
    }
    if (config.roles.has('api'))
      service.api = await createHttpApp(AppModule.forRoot(core), 'rest', config, shutdown);
    if (config.roles.has('webhook')) {
      service.webhook = await createHttpApp(
        WebhookAppModule.forRoot(core),
        'webhook',
        config,
        shutdown,
      );
    }
    // Both wait for Redis 2 s at most, then the process starts anyway.
    await Promise.all([rateLimitStore.start(), redisQueues?.start()]);
    if (options.listen) {
      // HOST unset: every interface (Node's default).
      const listen = (app: INestApplication, port: number) =>
        config.host === null ? app.listen(port) : app.listen(port, config.host);
      if (service.api) await listen(service.api, config.port);
      if (service.webhook) await listen(service.webhook, config.webhookPort);
    }
  } catch (error) {
    await service.close().catch(() => undefined);
    throw error;
  }
  return service;
}

/** How long past the shutdown deadline the worker may take to put back unfinished runs. */
const RELEASE_MARGIN_MS = 3000;

/**
 * Stops a listener gracefully: no new connections, idle keep-alive connections closed at once
 * and as soon as they become idle, in-flight requests allowed to finish until `deadline`, at
 * which point the remaining connections are cut. Then the Nest application is closed.
 */
async function drainHttp(app: INestApplication | undefined, deadline: number): Promise<void> {
  if (!app) return;
  const server = app.getHttpServer() as Server;
  if (server.listening) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()));
    await closed;
    clearInterval(idle);
    clearTimeout(cut);
  }
  await app.close();
}

/** Waits for `closing` until `deadline` at most; what is still running then is abandoned. */
async function closeBefore(closing: Promise<void>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([closing.catch(() => undefined), expired]);
  } finally {
    clearTimeout(timer);
  }
}
