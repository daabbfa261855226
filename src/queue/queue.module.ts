import { Module } from '@nestjs/common';
import { getDataSourceToken, getRepositoryToken } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { Execution } from '../executions/execution.entity';
import { BullmqRunQueue } from './bullmq-run-queue';
import { EmbeddedRunQueue } from './embedded-run-queue';
import { LocalBus } from './local-bus';
import { EmbeddedQueueHealth, QUEUE_HEALTH } from './queue-health';
import { REDIS_QUEUES, RedisQueues } from './redis-queues';
import { RUN_QUEUE } from './run-queue';

/**
 * Provides the run queue (producer side) and its health check to the listeners and the
 * worker: BullMQ over the process's RedisQueues when REDIS_URL is set (bootstrap creates
 * them), the embedded queue otherwise.
 */
@Module({
  providers: [
    {
      provide: RUN_QUEUE,
      inject: [REDIS_QUEUES, LocalBus, getRepositoryToken(Execution)],
      useFactory: (redis: RedisQueues | null, bus: LocalBus, executions: Repository<Execution>) =>
        redis ? new BullmqRunQueue(redis, bus, executions) : new EmbeddedRunQueue(bus, executions),
    },
    {
      provide: QUEUE_HEALTH,
      inject: [REDIS_QUEUES, getDataSourceToken()],
      useFactory: (redis: RedisQueues | null, dataSource: DataSource) =>
        redis ?? new EmbeddedQueueHealth(dataSource),
    },
  ],
  exports: [RUN_QUEUE, QUEUE_HEALTH],
})
export class QueueModule {}
