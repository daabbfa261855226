import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { utcDay } from '../common/time';
import type { Statement } from '../database/transactions';
import { AgentDailyStats } from './agent-daily-stats.entity';
import { Agent } from './agent.entity';

/** The success-rate window (docs/api.md, Agents API): executions finished in the last 30 days. */
export const SUCCESS_WINDOW_DAYS = 30;

/** One UTC day of `GET /v2/stats` and `GET /v2/agents/:id/stats`. */
export interface DailyCounts {
  day: string;
  created: number;
  completed: number;
  failed: number;
}

export interface AgentStats {
  executionsToday: number;
  successRate: number;
}

/**
 * The rules of `executions_today` and `success_rate` (docs/api.md, Agents API), in one place:
 * - executions_today: executions created since 00:00 UTC today;
 * - success_rate: completed / (completed + failed) x 100 over executions finished in the
 *   last 30 UTC days (today and the 29 before), rounded to one decimal; 0 when none.
 * Both read per-agent daily counters, never the executions table, summed over a day's parts
 * (a row per writer, AgentDailyStats). DailyCounters writes those
 * counters in the same transaction as the execution writes they count: an inserted execution
 * counts as created on its `created_at` day, one reaching `completed` or `failed` on its
 * `completed_at` day.
 */
@Injectable()
export class AgentStatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stats of many agents with one query, whatever the number of executions. */
  async forAgents(agentIds: string[], at: Date = new Date()): Promise<Map<string, AgentStats>> {
    if (agentIds.length === 0) return this.fromRows(agentIds, []);
    // Hand-written: TypeORM's expansion of `IN (:...ids)` cost more CPU than the query.
    const [sql, parameters] = this.statement(agentIds.map(() => '?').join(', '), agentIds, at);
    return this.fromRows(agentIds, await this.dataSource.query(sql, parameters));
  }

  /**
   * The statement reading the counters of the agents that `agentIds` selects: placeholders
   * or a subquery (`SELECT id FROM …`), with its parameters. Summed by the database over days
   * and parts (each writer has its own row of a day). Its rows go to `fromRows`.
   */
  statement(agentIds: string, parameters: unknown[], at: Date = new Date()): Statement {
    const today = utcDay(at);
    const since = utcDay(new Date(at.getTime() - (SUCCESS_WINDOW_DAYS - 1) * 86_400_000));
    return [
      `SELECT agent_id, SUM(completed) AS completed, SUM(failed) AS failed,
         SUM(CASE WHEN day = ? THEN created ELSE 0 END) AS today
       FROM agent_daily_stats
       WHERE agent_id IN (${agentIds}) AND day >= ?
       GROUP BY agent_id`,
      [today, ...parameters, since],
    ];
  }

  /** The stats of each of `agentIds` from the rows of `statement` (zeros where none). */
  fromRows(agentIds: readonly string[], rows: Record<string, unknown>[]): Map<string, AgentStats> {
    const result = new Map<string, AgentStats>();
    for (const id of agentIds) result.set(id, { executionsToday: 0, successRate: 0 });
    for (const row of rows) {
      const completed = Number(row.completed);
      const finished = completed + Number(row.failed);
      result.set(row.agent_id as string, {
        executionsToday: Number(row.today),
        successRate: finished === 0 ? 0 : Math.round((completed / finished) * 1000) / 10,
      });
    }
    return result;
  }

  /**
   * The last `days` UTC days (today included), oldest first, every day present (zeros where
   * nothing happened): of one agent, or summed over all of an account's agents.
   */
  async daily(
    scope: { accountId: string; agentId?: string },
    days: number,
    at: Date = new Date(),
  ): Promise<DailyCounts[]> {
    const since = utcDay(new Date(at.getTime() - (days - 1) * 86_400_000));
    const query = this.dataSource
      .getRepository(AgentDailyStats)
      .createQueryBuilder('s')
      .select('s.day', 'day')
      .addSelect('SUM(s.created)', 'created')
      .addSelect('SUM(s.completed)', 'completed')
      .addSelect('SUM(s.failed)', 'failed')
      .innerJoin(Agent, 'a', 'a.id = s.agent_id')
      .where('a.account_id = :accountId', { accountId: scope.accountId })
      .andWhere('s.day >= :since', { since })
      .groupBy('s.day');
    if (scope.agentId) query.andWhere('s.agent_id = :agentId', { agentId: scope.agentId });
    const rows = await query.getRawMany<Record<keyof DailyCounts, unknown>>();
    const byDay = new Map(rows.map((row) => [String(row.day), row]));
    const result: DailyCounts[] = [];
    for (let i = days - 1; i >= 0; i--) {
      const day = utcDay(new Date(at.getTime() - i * 86_400_000));
      const row = byDay.get(day);
      result.push({
        day,
        created: Number(row?.created ?? 0),
        completed: Number(row?.completed ?? 0),
        failed: Number(row?.failed ?? 0),
      });
    }
    return result;
  }
}
