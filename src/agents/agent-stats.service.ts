import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { utcDay } from '../common/time';
import { AgentDailyStats } from './agent-daily-stats.entity';

export interface StatsDelta {
  created?: number;
  completed?: number;
  failed?: number;
}

/** The success-rate window of CONTRACT §3: executions finished in the last 30 days. */
export const SUCCESS_WINDOW_DAYS = 30;

export interface AgentStats {
  executionsToday: number;
  successRate: number;
}

/**
 * The rules of `executions_today` and `success_rate` (CONTRACT §3), in one place:
 * - executions_today: executions created since 00:00 UTC today;
 * - success_rate: completed / (completed + failed) x 100 over executions finished in the
 *   last 30 UTC days (today and the 29 before), rounded to one decimal; 0 when none.
 * Both read per-agent daily counters, never the executions table.
 */
@Injectable()
export class AgentStatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds to an agent's counters for the day of `at`, inside the caller's transaction. */
  async add(manager: EntityManager, agentId: string, at: Date, delta: StatsDelta): Promise<void> {
    await this.addMany(manager, [{ agentId, at, ...delta }]);
  }

  /**
   * Adds many deltas with one statement, inside the caller's transaction: deltas of the same
   * agent and UTC day are summed first, so each counter row is written once.
   */
  async addMany(
    manager: EntityManager,
    deltas: (StatsDelta & { agentId: string; at: Date })[],
  ): Promise<void> {
    const rows = new Map<string, [string, string, number, number, number]>();
    for (const delta of deltas) {
      const day = utcDay(delta.at);
      const key = `${delta.agentId} ${day}`;
      const row = rows.get(key) ?? [delta.agentId, day, 0, 0, 0];
      row[2] += delta.created ?? 0;
      row[3] += delta.completed ?? 0;
      row[4] += delta.failed ?? 0;
      rows.set(key, row);
    }
    if (rows.size === 0) return;
    // Always in the same order, so that concurrent transactions lock the rows alike.
    const sorted = [...rows.keys()].sort().map((key) => rows.get(key)!);
    const values = sorted.map(() => '(?, ?, ?, ?, ?)').join(', ');
    const parameters = sorted.flat();
    const upsert =
      this.dataSource.options.type === 'better-sqlite3'
        ? `ON CONFLICT (agent_id, day) DO UPDATE SET created = created + excluded.created,
           completed = completed + excluded.completed, failed = failed + excluded.failed`
        : `ON DUPLICATE KEY UPDATE created = created + VALUES(created),
           completed = completed + VALUES(completed), failed = failed + VALUES(failed)`;
    await manager.query(
      `INSERT INTO agent_daily_stats (agent_id, day, created, completed, failed) VALUES ${values} ${upsert}`,
      parameters,
    );
  }

  /** Stats of many agents with one query, whatever the number of executions. */
  async forAgents(agentIds: string[], at: Date = new Date()): Promise<Map<string, AgentStats>> {
    const result = new Map<string, AgentStats>();
    for (const id of agentIds) result.set(id, { executionsToday: 0, successRate: 0 });
    if (agentIds.length === 0) return result;
    const today = utcDay(at);
    const since = utcDay(new Date(at.getTime() - (SUCCESS_WINDOW_DAYS - 1) * 86_400_000));
    const rows = await this.dataSource
      .getRepository(AgentDailyStats)
      .createQueryBuilder('s')
      .where('s.agent_id IN (:...ids)', { ids: agentIds })
      .andWhere('s.day >= :since', { since })
      .getMany();
    const sums = new Map<string, { completed: number; failed: number; today: number }>();
    for (const row of rows) {
      const sum = sums.get(row.agentId) ?? { completed: 0, failed: 0, today: 0 };
      sum.completed += Number(row.completed);
      sum.failed += Number(row.failed);
      if (row.day === today) sum.today += Number(row.created);
      sums.set(row.agentId, sum);
    }
    for (const [agentId, sum] of sums) {
      const finished = sum.completed + sum.failed;
      result.set(agentId, {
        executionsToday: sum.today,
        successRate: finished === 0 ? 0 : Math.round((sum.completed / finished) * 1000) / 10,
      });
    }
    return result;
  }
}
