import type { DataSource } from 'typeorm';

/**
 * The run queue's health, for `GET /health` (`checks.queue`). The run queue implementation
 * supplies it under this token (see queue.module.ts); the health check only calls `ping`.
 * With REDIS_URL it is the process's RedisQueues (a Redis PING on its command connection,
 * which has no offline queue: while Redis is unreachable the ping fails at once).
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
