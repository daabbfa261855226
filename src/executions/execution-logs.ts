import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { retrying } from '../database/transactions';
import { Execution, LogEntry } from './execution.entity';
import { type RunSteps, RunStepsWriter } from './step-rows';

/**
 * The log of a run outside its final transition (the worker's): written live while the run
 * is in progress, and kept when a cancel won over the run.
 */
@Injectable()
export class ExecutionLogs {
  private readonly steps: RunStepsWriter;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.steps = new RunStepsWriter(dataSource);
  }

  /**
   * The log so far of a run in progress (its page shows it live). Only this attempt's row
   * while it is running: once the run is finished, cancelled or taken over, nothing changes.
   */
  async writeLive(execution: Execution, logs: LogEntry[]): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(Execution)
      .set({ logs } as QueryDeepPartialEntity<Execution>)
      .where('id = :id AND status = :status AND attempts = :attempts', {
        id: execution.id,
        status: 'running',
        attempts: execution.attempts,
      })
      .execute();
  }

  /**
   * Keeps the logs a run wrote before it was cancelled (they go before the cancel entry), and
   * the step records it ended with if it had ended when the cancel won.
   * Only touches a row that is cancelled (never a final record of another kind). Entries
   * already written while the run was in progress are not repeated.
   */
  async keepOfCancelledRun(
    executionId: string,
    runLogs: LogEntry[],
    steps?: RunSteps,
  ): Promise<void> {
    if (runLogs.length === 0 && !steps) return;
    const key = (entry: LogEntry) => `${entry.timestamp} ${entry.level} ${entry.message}`;
    const ours = new Set(runLogs.map(key));
    // Not idempotent for entries without a twin (merged twice, those would repeat): retried
    // only when rolled back.
    await retrying(this.dataSource).transaction(async (manager) => {
      const current = await manager.findOneBy(Execution, { id: executionId });
      if (!current || current.status !== 'cancelled') return;
      const earlier = (current.logs ?? []).filter((entry) => !ours.has(key(entry)));
      const logs = [...runLogs, ...earlier].sort((a, b) =>
        a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0,
      );
      await manager.update(Execution, { id: executionId, status: 'cancelled' }, { logs });
      if (steps) await this.steps.store(manager, [{ executionId, steps }]);
    });
  }
}
