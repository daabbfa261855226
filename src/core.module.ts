import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { getDataSourceToken, getRepositoryToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from './config/configuration';
import { SecretBox } from './common/crypto';
import { ShutdownClock } from './common/shutdown';
import { ENTITIES } from './entities';
import { MetricsService } from './metrics/metrics.service';
import { LocalBus } from './queue/local-bus';
import { IntakePressure } from './queue/intake-pressure';
import { LocalDispatch } from './queue/local-dispatch';
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
 * secret box, the local bus, the metrics registry, the local dispatch, the shutdown clock and
 * the rate-limit counters (the Redis queues belong to src/queue/queue.module.ts). Each is an
 * ordinary provider: a test replaces any of them with `overrideProvider`. Those holding
 * connections start and stop with the container's lifecycle hooks (RateLimitStore connects to
 * Redis at bootstrap and disconnects at shutdown).
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
      { provide: IntakePressure, useFactory: () => new IntakePressure() },
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
      ...repositories,
    ];
    return { module: CoreModule, providers, exports: providers };
  }
}
