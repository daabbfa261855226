import { OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/**
 * The run queue's health, for `GET /health` (`checks.queue`). The run queue implementation
 * supplies it under this token (see queue.module.ts); the health check only calls `ping`.
 */
export const QUEUE_HEALTH = Symbol('QUEUE_HEALTH');

export interface QueueHealth {
  /** Resolves when the queue can take work now; rejects otherwise. The caller bounds its time. */
  ping(signal: AbortSignal): Promise<void>;
}

/** Embedded queue: the executions table is the queue, so it is up when that table answers. */
export class EmbeddedQueueHealth implements QueueHealth {
  constructor(private readonly dataSource: DataSource) {}

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1 FROM executions LIMIT 1');
  }
}

/**
 * With REDIS_URL: a Redis PING on a connection of its own (no offline queue: when Redis is
 * unreachable the ping fails at once instead of waiting for a reconnection).
 */
export class RedisQueueHealth implements QueueHealth, OnModuleDestroy {
  private readonly client: Redis;

  constructor(url: string) {
    this.client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Connection errors surface as a failed ping; do not let them escalate as unhandled events.
    this.client.on('error', () => undefined);
  }

  async ping(): Promise<void> {
    if (this.client.status === 'wait') await this.client.connect();
    const reply = await this.client.ping();
    if (reply !== 'PONG') throw new Error(`Unexpected PING reply ${reply}`);
  }

  onModuleDestroy(): void {
    this.client.disconnect();
  }
}
