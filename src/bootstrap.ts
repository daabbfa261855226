import 'reflect-metadata';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { Logger } from 'nestjs-pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { SecretBox } from './common/crypto';
import { ShutdownClock } from './common/shutdown';
import type { AppConfig } from './config/configuration';
import { openDatabase } from './database/database';
import { recordServiceUrls } from './database/service-urls';
import { ENTITIES } from './entities';
import { finishListeners, type Listener, setupListeners } from './http-listeners';
import { MetricsService } from './metrics/metrics.service';
import { checkSecretKey } from './secret-key/secret-key-check';

/** One HTTP listener of the process: its own server in front of the process's container. */
export interface HttpListener {
  getHttpServer(): Server;
  /** The express application both listeners hand their requests to. */
  getHttpAdapter(): ReturnType<INestApplication['getHttpAdapter']>;
  /** A provider of the process's one container (the same instance from every listener). */
  get: INestApplicationContext['get'];
}

/** The parts of one running process, as chosen by ROLE. */
export interface Service {
  config: AppConfig;
  dataSource: DataSource;
  /** The process's one DI container (an HTTP application when a listener runs). */
  app: INestApplicationContext;
  /** The REST listener (PORT), with the api role. */
  api?: HttpListener;
  /** The inbound webhook listener (WEBHOOK_PORT), with the webhook role. */
  webhook?: HttpListener;
  /** With the worker role: the container (the worker has no listener). */
  worker?: INestApplicationContext;
  metrics: MetricsService;
  /**
   * Drains and stops (SIGTERM): the listeners stop accepting connections and finish their
   * in-flight requests, then the container closes (the worker finishes its in-flight runs),
   * all within SHUTDOWN_GRACE_MS; then the database is released. Connections still open at
   * the deadline are cut; runs still unfinished are left to the next worker (see the runner).
   */
  close(): Promise<void>;
}

const LISTENERS: readonly Listener[] = ['api', 'webhook'];

/**
 * Starts the roles of ROLE in this process: one Nest container (AppModule composed from the
 * roles) on one DataSource, with the REST and webhook listeners as two servers in front of
 * it (http-listeners.ts). With `listen: false` (tests) the servers are bound to no port.
 */
export async function startService(
  config: AppConfig,
  options: { listen?: boolean } = {},
): Promise<Service> {
  const dataSource = await openDatabase(config, { entities: ENTITIES });
  // A SECRET_KEY other than the one that sealed the stored secrets is refused here.
  try {
    await checkSecretKey(dataSource, new SecretBox(config.secretKey, config.secretKeyPrevious));
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  const listeners = LISTENERS.filter((listener) => config.roles.has(listener));
  const module = AppModule.forRoot({ config, dataSource });
  let app: INestApplicationContext;
  let servers = new Map<Listener, Server>();
  try {
    if (listeners.length > 0) {
      const http = await NestFactory.create<NestExpressApplication>(module, {
        bodyParser: false,
        bufferLogs: true,
        abortOnError: false,
      });
      servers = setupListeners(http, listeners, config);
      app = http;
    } else {
      app = await NestFactory.createApplicationContext(module, {
        bufferLogs: true,
        abortOnError: false,
      });
    }
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  app.useLogger(app.get(Logger));
  const shutdown = app.get(ShutdownClock);
  const handle = (server: Server): HttpListener => ({
    getHttpServer: () => server,
    getHttpAdapter: () => (app as NestExpressApplication).getHttpAdapter(),
    get: app.get.bind(app) as INestApplicationContext['get'],
  });
  let closing: Promise<void> | undefined;
  const service: Service = {
    config,
    dataSource,
    app,
    api: servers.has('api') ? handle(servers.get('api')!) : undefined,
    webhook: servers.has('webhook') ? handle(servers.get('webhook')!) : undefined,
    worker: config.roles.has('worker') ? app : undefined,
    metrics: app.get(MetricsService),
    close: () => {
      closing ??= (async () => {
        // Stop intake first (both listeners at once), then close the container (the worker
        // drains), then release the database. One deadline bounds it all.
        const deadline = shutdown.begin(config.shutdownGraceMs);
        await Promise.all([...servers.values()].map((server) => drainServer(server, deadline)));
        // The worker waits for its runs until the deadline, then puts back the unfinished
        // ones: give it a moment past the deadline for those writes.
        await closeBefore(app.close(), deadline + RELEASE_MARGIN_MS);
        if (dataSource.isInitialized) await dataSource.destroy();
      })();
      return closing;
    },
  };
  try {
    // Starts the Redis clients (2 s at most each, then the process starts anyway), the worker.
    await app.init();
    if (servers.size > 0) finishListeners(app as NestExpressApplication, config);
    if (options.listen) {
      const ports: Record<Listener, number> = { api: config.port, webhook: config.webhookPort };
      for (const [listener, server] of servers) await listen(server, ports[listener], config);
      // For the CLI, whose environment usually names no URL: its links then lead here.
      await recordServiceUrls(dataSource, config).catch((error: unknown) =>
        app
          .get(Logger)
          .warn(
            `Could not record the public URLs for the CLI: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    }
  } catch (error) {
    await service.close().catch(() => undefined);
    throw error;
  }
  return service;
}

/** Binds a server to its port (HOST unset: every interface, Node's default). */
function listen(server: Server, port: number, config: AppConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const bound = () => {
      server.off('error', reject);
      resolve();
    };
    if (config.host === null) server.listen(port, bound);
    else server.listen(port, config.host, bound);
  });
}

/** How long past the shutdown deadline the worker may take to put back unfinished runs. */
const RELEASE_MARGIN_MS = 3000;

/**
 * Stops a listener gracefully: no new connections, idle keep-alive connections closed at once
 * and as soon as they become idle, in-flight requests allowed to finish until `deadline`, at
 * which point the remaining connections are cut.
 */
async function drainServer(server: Server, deadline: number): Promise<void> {
  if (server.listening) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()));
    await closed;
    clearInterval(idle);
    clearTimeout(cut);
  }
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
