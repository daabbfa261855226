import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { EmbeddedRunQueue } from './embedded-run-queue';
import { EmbeddedQueueHealth, QUEUE_HEALTH, RedisQueueHealth } from './queue-health';
import { RUN_QUEUE } from './run-queue';

/** Provides the run queue (producer side) and its health check to the listeners and the worker. */
@Module({
  providers: [
    EmbeddedRunQueue,
    { provide: RUN_QUEUE, useExisting: EmbeddedRunQueue },
    {
      provide: QUEUE_HEALTH,
      inject: [APP_CONFIG, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource) =>
        config.redisUrl
          ? new RedisQueueHealth(config.redisUrl)
          : new EmbeddedQueueHealth(dataSource),
    },
  ],
  exports: [RUN_QUEUE, QUEUE_HEALTH],
})
export class QueueModule {}
