import type { DataSource } from 'typeorm';
import type { DailyCounters } from '../agents/daily-counters';
import { isUniqueViolation } from '../common/database-errors';
import { now } from '../common/time';
import { executeAll, retrying, type Statement } from '../database/transactions';
import type { RunQueue } from '../queue/run-queue';
import { Execution } from './execution.entity';
import type { ExecutionNotices } from './execution-notices';
import {
  build,
  IDEMPOTENCY_WINDOW_MS,
  type IntakeResult,
  type NewExecution,
  type NewExecutionRows,
} from './new-executions';

/**
 * The intake's path for an execution whose idempotency key is already stored (or was taken
 * by another process meanwhile), or whose schedule fire another process stored first: one transaction on its own, outside the batches
 * (ExecutionIntakeService).
 */
export class KeyedIntake {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rows: NewExecutionRows,
    private readonly counters: DailyCounters,
    private readonly notices: ExecutionNotices,
    private readonly queue: RunQueue,
    /** More statements for the new row (the `flow_runs` row of a held execution). */
    private readonly extra: (row: Execution, request: NewExecution) => Statement | null = () =>
      null,
  ) {}

  /**
   * One execution on its own (a key already stored, or taken by another process meanwhile):
   * a stored key younger than the window answers its execution; an older one is released.
   */
  async submit(request: NewExecution): Promise<IntakeResult> {
    let wake = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const execution = await retrying(this.dataSource).transaction(async (manager) => {
          const row = build(request, now());
          const extra = this.extra(row, request);
          await executeAll(manager, [
            ...this.rows.statements([row]),
            this.counters.inserted([row])!,
            ...(extra ? [extra] : []),
          ]);
          if ((await this.notices.write(manager, [{ execution: row }])) > 0) wake = true;
          return row;
        });
        if (wake) this.notices.wake();
        await this.queue.enqueue([execution.id]);
        return { execution, created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (request.schedule) {
          // This fire of the schedule was stored already (by another scheduler): that one stands.
          const fired = await this.dataSource.getRepository(Execution).findOneBy({
            scheduleId: request.schedule.id,
            scheduledFor: request.schedule.scheduledFor,
          });
          if (fired) return { execution: fired, created: false };
          if (!request.idempotencyKey) continue;
        }
        if (!request.idempotencyKey) throw error;
        const existing = await this.dataSource.getRepository(Execution).findOneBy({
          agentId: request.agent.id,
          idempotencyKey: request.idempotencyKey,
        });
        if (!existing) continue; // released meanwhile: try again
        if (now().getTime() - existing.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) {
          return { execution: existing, created: false };
        }
        // The key is older than the window: it no longer binds, release it and insert anew.
        await this.dataSource
          .getRepository(Execution)
          .update(
            { id: existing.id, idempotencyKey: request.idempotencyKey },
            { idempotencyKey: null },
          );
      }
    }
    throw new Error('Could not settle an idempotency key after 3 attempts');
  }
}
