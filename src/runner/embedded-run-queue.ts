import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Execution, FINAL_STATUSES } from '../executions/execution.entity';
import { LocalBus } from './local-bus';
import type { RunQueue } from './run-queue';

/** How often a waiter re-reads the row, in case the finish signal came from elsewhere. */
const WAIT_POLL_MS = 500;

/**
 * The default run queue: executions wait in their own table; the in-process bus wakes the
 * worker at once, and the worker also polls, so nothing depends on the signal arriving.
 */
@Injectable()
export class EmbeddedRunQueue implements RunQueue {
  constructor(
    private readonly bus: LocalBus,
    @InjectRepository(Execution) private readonly executions: Repository<Execution>,
  ) {}

  async enqueue(executionIds: string[]): Promise<void> {
    if (executionIds.length > 0) this.bus.emit('wake', executionIds.length);
  }

  async notifyFinished(executionId: string): Promise<void> {
    this.bus.emit(`finished:${executionId}`);
  }

  waitForFinish(executionId: string, timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let done = false;
      const event = `finished:${executionId}`;
      const finish = (result: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.bus.off(event, onFinished);
        resolve(result);
      };
      const onFinished = () => finish(true);
      const timer = setTimeout(() => finish(false), timeoutMs);
      const poll = setInterval(() => {
        this.executions
          .exists({ where: { id: executionId, status: In([...FINAL_STATUSES]) } })
          .then((finished) => finished && finish(true))
          .catch(() => undefined);
      }, WAIT_POLL_MS);
      this.bus.on(event, onFinished);
    });
  }
}
