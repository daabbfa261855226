import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, In, IsNull, LessThan, Not } from 'typeorm';
import { AgentDailyStats } from '../agents/agent-daily-stats.entity';
import { SUCCESS_WINDOW_DAYS } from '../agents/agent-stats.service';
import { now, utcDay } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { ExecutionTag } from '../executions/execution-tag.entity';
import { Execution, FINAL_STATUSES } from '../executions/execution.entity';
import { CallbackDelivery } from '../webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from '../webhooks/outbound/delivery-attempt.entity';
import { ExecutionStep } from '../executions/execution-step.entity';

const DAY_MS = 86_400_000;
/** Breathing room between two batches, so that pruning never hogs the database. */
export const RETENTION_PAUSE_MS = 50;
/** The first run after start: soon, but not while the process is still warming up. */
const FIRST_RUN_DELAY_MS = 60_000;

export interface PruneResult {
  executions: number;
  dailyStats: number;
  /** Deliveries of webhook endpoints' events without an execution (agent events, pings). */
  events: number;
  /** DELETE transactions issued (executions and daily stats batches). */
  batches: number;
}

/**
 * Retention (docs/operations.md, Health, metrics, shutdown, retention), in the worker role:
 * finished executions created more than EXECUTION_RETENTION_DAYS ago are deleted with their
 * callback deliveries and delivery attempts, RETENTION_BATCH_SIZE executions per short transaction
 * with a pause between batches; daily stats rows older than the success-rate window are deleted the
 * same way. Counters are never decremented: they are per-day aggregates that outlive the rows they
 * counted. Queued and running executions are never pruned (a worker may hold them). Runs 60 s after
 * start, then every RETENTION_INTERVAL_MS; several workers pruning at once only repeat each other's
 * (idempotent) deletes.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => void this.prune().catch(() => undefined);
    const first = setTimeout(run, Math.min(FIRST_RUN_DELAY_MS, this.config.retentionIntervalMs));
    const every = setInterval(run, this.config.retentionIntervalMs);
    first.unref();
    every.unref();
    this.scheduler.addTimeout('retention:first', first);
    this.scheduler.addInterval('retention', every);
  }

  async onApplicationShutdown(): Promise<void> {
    // The scheduler clears the timers; a run in progress stops after its current batch.
    this.stopped = true;
    await this.tail.catch(() => undefined);
  }

  /** One pruning pass; passes never overlap within a process. */
  prune(at: Date = now()): Promise<PruneResult> {
    const run = this.tail.catch(() => undefined).then(() => this.pruneNow(at));
    this.tail = run;
    run.then(
      (result) => {
        if (result.executions + result.dailyStats > 0) this.logger.log({ ...result }, 'pruned');
      },
      (error: unknown) => this.logger.warn({ err: String(error) }, 'retention pass failed'),
    );
    return run;
  }

  private async pruneNow(at: Date): Promise<PruneResult> {
    const result: PruneResult = { executions: 0, dailyStats: 0, events: 0, batches: 0 };
    const cutoff = new Date(at.getTime() - this.config.executionRetentionDays * DAY_MS);
    const size = this.config.retentionBatchSize;
    for (;;) {
      if (this.stopped) return result;
      const rows: { id: string }[] = await this.dataSource
        .getRepository(Execution)
        .createQueryBuilder('e')
        .select('e.id', 'id')
        .where('e.created_at < :cutoff', { cutoff })
        .andWhere('e.status IN (:...final)', { final: FINAL_STATUSES })
        // A child of an `agent` step is kept while its parent is.
        .andWhere(
          '(e.parent_execution_id IS NULL OR NOT EXISTS (SELECT 1 FROM executions p WHERE p.id = e.parent_execution_id))',
        )
        .orderBy('e.created_at', 'ASC')
        .limit(size)
        .getRawMany();
      if (rows.length === 0) break;
      const ids = rows.map((row) => row.id);
      await this.dataSource.transaction(async (manager) => {
        await manager.delete(DeliveryAttempt, { executionId: In(ids) });
        await manager.delete(CallbackDelivery, { executionId: In(ids) });
        await manager.delete(ExecutionStep, { executionId: In(ids) });
        await manager.delete(ExecutionTag, { executionId: In(ids) });
        await manager.delete(Execution, { id: In(ids) });
      });
      result.executions += ids.length;
      result.batches++;
      if (rows.length < size) break;
      await sleep(RETENTION_PAUSE_MS);
    }
    // Endpoint deliveries of events about no execution (agent events, pings) age alike; those
    // of executions went with them above. Pending ones are left to finish.
    for (;;) {
      if (this.stopped) return result;
      const rows = await this.dataSource.getRepository(CallbackDelivery).find({
        select: { id: true },
        where: { executionId: IsNull(), createdAt: LessThan(cutoff), status: Not('pending') },
        take: size,
      });
      if (rows.length === 0) break;
      const ids = rows.map((row) => row.id);
      await this.dataSource.transaction(async (manager) => {
        await manager.delete(DeliveryAttempt, { deliveryId: In(ids) });
        await manager.delete(CallbackDelivery, { id: In(ids) });
      });
      result.events += ids.length;
      result.batches++;
      if (rows.length < size) break;
      await sleep(RETENTION_PAUSE_MS);
    }
    // Daily counters are read for today and the 29 days before; keep one spare day.
    const oldestKept = utcDay(new Date(at.getTime() - SUCCESS_WINDOW_DAYS * DAY_MS));
    const stats = this.dataSource.getRepository(AgentDailyStats);
    for (;;) {
      if (this.stopped) return result;
      const keys = await stats.find({
        select: { agentId: true, day: true, part: true },
        where: { day: LessThan(oldestKept) },
        take: size,
      });
      if (keys.length === 0) break;
      await stats.delete(keys.map(({ agentId, day, part }) => ({ agentId, day, part })));
      result.dailyStats += keys.length;
      result.batches++;
      if (keys.length < size) break;
      await sleep(RETENTION_PAUSE_MS);
    }
    return result;
  }
}
