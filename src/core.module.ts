import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { getDataSourceToken, getRepositoryToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from './config/configuration';
import { SecretBox } from './common/crypto';
import { ShutdownClock } from './common/shutdown';
import { ENTITIES } from './database/entities';
import { MetricsService } from './metrics/metrics.service';
import { LocalBus } from './queue/local-bus';
import { LocalDispatch } from './queue/local-dispatch';
import { REDIS_QUEUES, RedisQueues } from './queue/redis-queues';
import { RateLimitStore } from './throttling/rate-limit-store';

export interface CoreOptions {
  /** The configuration, its `roles` those of this container (none for the CLI). */
  config: AppConfig;
  /**
   * The one DataSource of the process, opened and checked (migrations, secret key) before any
   * module is built, and closed by its opener after the container: the worker's last writes
   * (runs handed back at shutdown) happen in the container's shutdown hooks.
   */
  dataSource: DataSource;
}

/**
 * Global providers of a process, shared by everything its roles run: configuration, the
 * DataSource and a repository for every entity (injectable with `@InjectRepository`), the
 * secret box, the local bus, the metrics registry, the local dispatch, the shutdown clock, the
 * rate-limit counters and the Redis queues (null without REDIS_URL or roles). Each is an
 * ordinary provider: a test replaces any of them with `overrideProvider`. Those holding
 * connections start and stop with the container's lifecycle hooks (RateLimitStore and
 * RedisQueues connect to Redis at bootstrap and disconnect at shutdown; as a global module's
 * providers, they start first and stop last).
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot({ config, dataSource }: CoreOptions): DynamicModule {
    const repositories: Provider[] = ENTITIES.map((entity) => ({
      provide: getRepositoryToken(entity),
      useFactory: (source: DataSource) => source.getRepository(entity),
      inject: [getDataSourceToken()],
    }));
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: config },
      { provide: getDataSourceToken(), useValue: dataSource },
      LocalBus,
      { provide: LocalDispatch, useFactory: () => new LocalDispatch() },
      ShutdownClock,
      {
        provide: MetricsService,
        inject: [getDataSourceToken()],
        // Process metrics (CPU, memory, event loop) only for a serving process, not the CLI.
        useFactory: (source: DataSource) =>
          new MetricsService(source, { defaultMetrics: config.roles.size > 0 }),
      },
      {
        provide: SecretBox,
        useFactory: () => new SecretBox(config.secretKey, config.secretKeyPrevious),
      },
      { provide: RateLimitStore, useFactory: () => RateLimitStore.forConfig(config) },
      {
        provide: REDIS_QUEUES,
        inject: [LocalBus],
        useFactory: (bus: LocalBus) =>
          config.redisUrl && config.roles.size > 0 ? new RedisQueues(config, bus) : null,
      },
      ...repositories,
    ];
    return { module: CoreModule, providers, exports: providers };
  }
}
