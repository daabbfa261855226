import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { getDataSourceToken, getRepositoryToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from './config/configuration';
import { SecretBox } from './common/crypto';
import { ShutdownClock } from './common/shutdown';
import { ENTITIES } from './database/entities';
import { MetricsService } from './metrics/metrics.service';
import { LocalBus } from './runner/local-bus';
import { LocalDispatch } from './runner/local-dispatch';
import { REDIS_QUEUES, type RedisQueues } from './runner/redis-queues';
import { RateLimitStore } from './throttling/rate-limit-store';

/** What one process shares between its Nest applications (API, webhook, worker). */
export interface CoreResources {
  config: AppConfig;
  dataSource: DataSource;
  bus: LocalBus;
  /** The process's metrics registry (bootstrap.ts); a throwaway one when absent (CLI). */
  metrics?: MetricsService;
  /** The process's shutdown deadline (bootstrap.ts); a clock that never starts when absent. */
  shutdown?: ShutdownClock;
  /** Rate-limit counters, shared by the REST and webhook apps (in-memory when absent). */
  rateLimitStore?: RateLimitStore;
  /** BullMQ queues and cross-process signals (bootstrap.ts, REDIS_URL only). */
  redisQueues?: RedisQueues;
  /** Hand-off of new executions to this process's worker (none when absent: CLI). */
  dispatch?: LocalDispatch;
}

/**
 * Global providers of a process: configuration, the one DataSource and a repository for
 * every entity (injectable with `@InjectRepository`), the secret box, the local bus, the
 * metrics, the local dispatch, the shutdown clock, the rate-limit counters and the Redis queues (or null).
 * The DataSource's lifetime belongs to the process (see bootstrap.ts), not to one app.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(core: CoreResources): DynamicModule {
    const repositories: Provider[] = ENTITIES.map((entity) => ({
      provide: getRepositoryToken(entity),
      useFactory: (dataSource: DataSource) => dataSource.getRepository(entity),
      inject: [getDataSourceToken()],
    }));
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: core.config },
      { provide: getDataSourceToken(), useValue: core.dataSource },
      { provide: LocalBus, useValue: core.bus },
      { provide: LocalDispatch, useValue: core.dispatch ?? new LocalDispatch() },
      {
        provide: MetricsService,
        useValue: core.metrics ?? new MetricsService(undefined, { defaultMetrics: false }),
      },
      { provide: ShutdownClock, useValue: core.shutdown ?? new ShutdownClock() },
      {
        provide: SecretBox,
        useValue: new SecretBox(core.config.secretKey, core.config.secretKeyPrevious),
      },
      { provide: RateLimitStore, useValue: core.rateLimitStore ?? RateLimitStore.inMemory() },
      { provide: REDIS_QUEUES, useValue: core.redisQueues ?? null },
      ...repositories,
    ];
    return { module: CoreModule, providers, exports: providers };
  }
}
