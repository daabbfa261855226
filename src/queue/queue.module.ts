import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { BullmqCallbackQueue } from './bullmq-callback-queue';
import { BullmqRunQueue } from './bullmq-run-queue';
import { CALLBACK_QUEUE } from './callback-queue';
import { EmbeddedCallbackQueue } from './embedded-callback-queue';
import { EmbeddedRunQueue } from './embedded-run-queue';
import { LocalBus } from './local-bus';
import { LocalDispatch } from './local-dispatch';
import { EmbeddedQueueHealth, QUEUE_HEALTH } from './queue-health';
import { REDIS_QUEUES, RedisQueues } from './redis-queues';
import { RUN_QUEUE } from './run-queue';

/**
 * The one place where the queue implementation is chosen: BullMQ over the process's
 * RedisQueues when REDIS_URL is set (CoreModule provides them), the embedded queues otherwise.
 * Provides the run queue (producers and the worker), the callback queue (the dispatcher) and
 * the queue's health check. Nothing outside src/queue/ asks whether there is Redis.
 */
@Module({
  providers: [
    {
      // Connects at bootstrap (before the worker, whose module imports this one, consumes)
      // and disconnects at application shutdown, after every consumer stopped.
      provide: REDIS_QUEUES,
      inject: [APP_CONFIG, LocalBus],
      useFactory: (config: AppConfig, bus: LocalBus) =>
        config.redisUrl && config.roles.size > 0 ? new RedisQueues(config, bus) : null,
    },
    {
      provide: RUN_QUEUE,
      inject: [APP_CONFIG, REDIS_QUEUES, LocalBus, LocalDispatch],
      useFactory: (
        config: AppConfig,
        redis: RedisQueues | null,
        bus: LocalBus,
        dispatch: LocalDispatch,
      ) =>
        redis
          ? new BullmqRunQueue(redis, bus, {
              leaseMs: config.workerLeaseMs,
              sweepMs: config.queueSweepMs,
            })
          : new EmbeddedRunQueue(bus, dispatch, config.workerPollMs),
    },
    {
      provide: CALLBACK_QUEUE,
      inject: [APP_CONFIG, REDIS_QUEUES, LocalBus],
      useFactory: (config: AppConfig, redis: RedisQueues | null, bus: LocalBus) =>
        redis
          ? new BullmqCallbackQueue(redis, bus, {
              concurrency: config.callbackConcurrency,
              sweepMs: config.queueSweepMs,
            })
          : new EmbeddedCallbackQueue(bus),
    },
    {
      provide: QUEUE_HEALTH,
      inject: [REDIS_QUEUES, getDataSourceToken()],
      useFactory: (redis: RedisQueues | null, dataSource: DataSource) =>
        redis ?? new EmbeddedQueueHealth(dataSource),
    },
  ],
  exports: [RUN_QUEUE, CALLBACK_QUEUE, QUEUE_HEALTH],
})
export class QueueModule {}
