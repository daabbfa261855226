import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { nestBullmq } from '../common/optional-modules';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { useBoundedClasses } from './bullmq-classes';
import { BullmqCallbackQueue } from './bullmq-callback-queue';
import {
  type ConsumeOptions,
  type JobsHost,
  jobsHostClass,
  retryStrategy,
} from './bullmq-consumer';
import { BullmqRunQueue, type RunJobData } from './bullmq-run-queue';
import { CALLBACK_QUEUE, type CallbackJob } from './callback-queue';
import { EmbeddedCallbackQueue } from './embedded-callback-queue';
import { EmbeddedRunQueue } from './embedded-run-queue';
import { LocalBus } from './local-bus';
import { LocalDispatch } from './local-dispatch';
import { EmbeddedQueueHealth, QUEUE_HEALTH } from './queue-health';
import { REDIS_QUEUES, RedisQueues } from './redis-queues';
import { RUN_QUEUE } from './run-queue';

/** The consumers of `runs` and `callbacks` (worker role with REDIS_URL); src/queue/ only. */
const RUN_JOBS = Symbol('RUN_JOBS');
const CALLBACK_JOBS = Symbol('CALLBACK_JOBS');

/**
 * The one place where the queue implementation is chosen: BullMQ through `@nestjs/bullmq`
 * when REDIS_URL is set and the process serves a role, the embedded queues otherwise.
 * Provides the run queue (producers and the worker), the callback queue (the dispatcher) and
 * the queue's health check, globally: AppModule imports it once (`forRoot`, the choice needs
 * the configuration), the modules using a queue inject its token. Nothing outside src/queue/
 * asks whether there is Redis.
 */
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    const bullmq = Boolean(config.redisUrl) && config.roles.size > 0;
    return {
      global: true,
      module: QueueModule,
      ...(bullmq ? withBullmq(config) : embedded()),
      exports: [RUN_QUEUE, CALLBACK_QUEUE, QUEUE_HEALTH],
    };
  }
}

/** The executions and callback_deliveries tables are the queues; no module is loaded. */
function embedded(): Pick<DynamicModule, 'providers'> {
  return {
    providers: [
      {
        provide: RUN_QUEUE,
        inject: [APP_CONFIG, LocalBus, LocalDispatch],
        useFactory: (config: AppConfig, bus: LocalBus, dispatch: LocalDispatch) =>
          new EmbeddedRunQueue(bus, dispatch, config.workerPollMs),
      },
      {
        provide: CALLBACK_QUEUE,
        inject: [LocalBus],
        useFactory: (bus: LocalBus) => new EmbeddedCallbackQueue(bus),
      },
      {
        provide: QUEUE_HEALTH,
        inject: [getDataSourceToken()],
        useFactory: (dataSource: DataSource) => new EmbeddedQueueHealth(dataSource),
      },
    ],
  };
}

/**
 * BullMQ: `BullModule` builds the queues `runs` and `callbacks` (one connection setting, the
 * key prefix QUEUE_PREFIX) and, in the worker role, one Worker per `@Processor` host; what
 * it does not offer is ours (RedisQueues: failing adds, existence checks, signals, health).
 */
function withBullmq(config: AppConfig): Pick<DynamicModule, 'imports' | 'providers'> {
  const { BullModule, getQueueToken } = nestBullmq();
  useBoundedClasses(); // before registerQueue: the classes are read there
  const optionalJobs = (token: symbol) => ({ token, optional: true });
  return {
    imports: [
      BullModule.forRootAsync({
        inject: [APP_CONFIG],
        useFactory: (app: AppConfig) => ({
          connection: {
            url: app.redisUrl!,
            enableOfflineQueue: false, // adds fail fast while Redis is down
            connectTimeout: 2000,
            retryStrategy,
          },
          prefix: app.queuePrefix,
        }),
      }),
      BullModule.registerQueue({ name: 'runs' }, { name: 'callbacks' }),
    ],
    providers: [
      {
        // Connects at bootstrap (global: before the worker consumes) and disconnects at
        // application shutdown, after every consumer stopped.
        provide: REDIS_QUEUES,
        inject: [APP_CONFIG, LocalBus, getQueueToken('runs'), getQueueToken('callbacks')],
        useFactory: (app: AppConfig, bus: LocalBus, runs: Queue, callbacks: Queue) =>
          new RedisQueues(app, bus, { runs, callbacks }),
      },
      ...(config.roles.has('worker') ? consumers(config) : []),
      {
        provide: RUN_QUEUE,
        inject: [APP_CONFIG, REDIS_QUEUES, LocalBus, optionalJobs(RUN_JOBS)],
        useFactory: (
          app: AppConfig,
          redis: RedisQueues,
          bus: LocalBus,
          jobs: JobsHost<RunJobData> | undefined,
        ) => new BullmqRunQueue(redis, bus, jobs ?? null, { sweepMs: app.queueSweepMs }),
      },
      {
        provide: CALLBACK_QUEUE,
        inject: [APP_CONFIG, REDIS_QUEUES, LocalBus, optionalJobs(CALLBACK_JOBS)],
        useFactory: (
          app: AppConfig,
          redis: RedisQueues,
          bus: LocalBus,
          jobs: JobsHost<CallbackJob> | undefined,
        ) => new BullmqCallbackQueue(redis, bus, jobs ?? null, { sweepMs: app.queueSweepMs }),
      },
      // A Redis PING on RedisQueues' command connection (no offline queue: fails at once).
      { provide: QUEUE_HEALTH, useExisting: REDIS_QUEUES },
    ],
  };
}

/**
 * The `@Processor` hosts of the worker role. `runs`: one wake-up at a time (taken with a free
 * run slot), its lock the execution lease (WORKER_LEASE_MS). `callbacks`: CALLBACK_CONCURRENCY
 * attempts at once, BullMQ's default lock.
 */
function consumers(config: AppConfig): Provider[] {
  const host = <T>(token: symbol, queue: string, options: ConsumeOptions): Provider => {
    const Host = jobsHostClass<T>(queue, options, config.redisUrl!);
    return {
      provide: token,
      inject: [REDIS_QUEUES],
      useFactory: (redis: RedisQueues) => new Host(redis),
    };
  };
  return [
    host<RunJobData>(RUN_JOBS, 'runs', { concurrency: 1, lockMs: config.workerLeaseMs }),
    host<CallbackJob>(CALLBACK_JOBS, 'callbacks', { concurrency: config.callbackConcurrency }),
  ];
}
