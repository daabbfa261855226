import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Agent } from '../agents/agent.entity';
import type { AgentFlow, HeldReason } from '../agents/flow';
import { now } from '../common/time';
import { execute, RawColumns } from '../database/raw-sql';
import { retrying } from '../database/transactions';
import { Execution, HELD } from './execution.entity';
import { FlowRun } from './flow-run.entity';
import { lockAgent } from './flow-intake';
import { TRANSITION } from './run-finish';

/** What one pass of the gate did. */
export interface GatePass {
  /** The executions moved from `held` to `queued`, in the order released. */
  released: string[];
  /** When something held becomes releasable by time (a throttle window, a debounce), if known. */
  nextAt: number | null;
  /** The pass stopped at its budget: more may be releasable now. */
  more: boolean;
  /** Some agent had held executions when the pass began. */
  held?: boolean;
}

interface HeldRow {
  execution_id: string;
  flow_key: string;
  throttle_key: string | null;
  reason: HeldReason;
  due_at: unknown;
}

/** One key's executions (FlowGate.keysOf): `queued` counts the held ones too. */
export interface FlowKeyCounts {
  /** The key as stored: its JSON text (`null` for the null key), `sha256:…` when long. */
  key: string;
  running: number;
  queued: number;
  /** Of the queued ones, those flow control holds back (the others wait for a worker). */
  held: number;
}

/** Rows released by one pass at most (over all agents). */
export const GATE_BUDGET = 1000;

/**
 * Flow control's gate (docs/api.md, Flow control): moves held executions (status `held`) to
 * `queued` when their agent's `flow` lets them start, from where the worker's claims (fair
 * between accounts) take them as any other. For each agent with held executions, in one
 * transaction that holds the agent's row lock on MySQL (so that two processes never release
 * past a limit together; SQLite's one writer needs none):
 *
 * - concurrency: the key's executions (without a key, all the agent's) `queued` or `running`
 *   (released ones count from their release: they are on their way to a slot; `waiting` ones
 *   do not count) stay within `limit`, counted from the executions table itself, so a slot of
 *   a dead process comes back once its lease expires and recovery ends or requeues its run;
 * - throttle: the releases of the key in the last `period_ms` (the `flow_runs` rows kept that
 *   long) stay within `limit`;
 * - debounce: not before the execution's `due_at`.
 *
 * Within a key, executions go in creation order; keys take turns (each key's first, then each
 * key's second, …), so a flood on one key delays that key only. A released execution is
 * queued from its release (`queued_at`), so the claims, which go in that order, do not let a
 * key's next run pass the first run of a key released before it. On SQLite the intake admits
 * at once what has room in a concurrency limit alone (FlowIntake.admit), counting as here.
 */
@Injectable()
export class FlowGate {
  private readonly rawRuns: RawColumns<FlowRun>;
  private readonly rawAgents: RawColumns<Agent>;
  private readonly rawExecutions: RawColumns<Execution>;
  private readonly mysql: boolean;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.rawRuns = new RawColumns(dataSource, FlowRun);
    this.rawAgents = new RawColumns(dataSource, Agent);
    this.rawExecutions = new RawColumns(dataSource, Execution);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  /** Whether any execution is held (one index seek). */
  async anyHeld(): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT execution_id FROM flow_runs WHERE released_at IS NULL LIMIT 1',
    );
    return rows.length > 0;
  }

  /** One pass over the agents with held executions, releasing at most `budget`. */
  async pass(budget = GATE_BUDGET): Promise<GatePass> {
    const agents = await this.heldAgents();
    const result: GatePass = { released: [], nextAt: null, more: false, held: agents.length > 0 };
    for (const agentId of agents) {
      const left = budget - result.released.length;
      if (left <= 0) {
        result.more = true;
        break;
      }
      const pass = await this.passAgent(agentId, left);
      result.released.push(...pass.released);
      result.more ||= pass.more;
      if (pass.nextAt !== null) result.nextAt = Math.min(result.nextAt ?? Infinity, pass.nextAt);
    }
    return result;
  }

  /**
   * The agents with held executions. SQLite: two index seeks per agent in `flow_runs` (its
   * DISTINCT reads every held row, thousands in a burst); MySQL: the DISTINCT, one round trip.
   */
  private async heldAgents(): Promise<string[]> {
    if (this.mysql) {
      const rows: { agent_id: string }[] = await this.dataSource.query(
        'SELECT DISTINCT agent_id FROM flow_runs WHERE released_at IS NULL',
      );
      return rows.map((row) => row.agent_id);
    }
    const agents: string[] = [];
    for (let after = ''; ;) {
      const [next]: { agent_id: string | null }[] = await this.dataSource.query(
        'SELECT MIN(agent_id) AS agent_id FROM flow_runs WHERE agent_id > ?',
        [after],
      );
      if (next?.agent_id == null) return agents;
      after = next.agent_id;
      const held: unknown[] = await this.dataSource.query(
        'SELECT execution_id FROM flow_runs WHERE agent_id = ? AND released_at IS NULL LIMIT 1',
        [after],
      );
      if (held.length > 0) agents.push(after);
    }
  }

  /**
   * One agent's turn (see the class): one transaction. Its time (`at`, else the clock once the
   * agent's lock is held) is the release time a throttle's window counts from.
   */
  passAgent(agentId: string, budget: number, at?: Date): Promise<GatePass> {
    // READ COMMITTED (MySQL): after the agent's lock, every read sees the last decision's commit.
    const options = {
      ...TRANSITION,
      ...(this.mysql ? { isolation: 'READ COMMITTED' as const } : {}),
    };
    return retrying(this.dataSource, options).transaction((manager) =>
      this.decide(manager, agentId, budget, at),
    );
  }

  private async decide(
    manager: EntityManager,
    agentId: string,
    budget: number,
    given?: Date,
  ): Promise<GatePass> {
    await lockAgent(manager, agentId, this.mysql);
    // Read after the lock: a pass that waited for it releases at the time it decides.
    const at = given ?? now();
    const [agentRow]: { flow: unknown; deleted_at: unknown }[] = await manager.query(
      'SELECT flow, deleted_at FROM agents WHERE id = ?',
      [agentId],
    );
    const flow = agentRow ? this.rawAgents.hydrate('flow', agentRow.flow) : null;
    const atMs = at.getTime();
    const persistAt = (ms: number) => this.rawRuns.persist('releasedAt', new Date(ms));
    const { concurrency, throttle } = flow ?? ({} as AgentFlow);

    // A flow removed (or the agent deleted): what it held goes, in creation order.
    if (!flow || (!concurrency && !throttle && !flow.debounce)) {
      const rows: { execution_id: string }[] = await manager.query(
        `SELECT execution_id FROM flow_runs WHERE agent_id = ? AND released_at IS NULL
         ORDER BY created_at, execution_id LIMIT ${budget + 1}`,
        [agentId],
      );
      const ids = rows.slice(0, budget).map((row) => row.execution_id);
      const released = await this.release(manager, ids, at, null);
      return { released, nextAt: null, more: rows.length > budget };
    }

    // Executions on their way or running, per key (concurrency). Without a key, every one of
    // the agent's counts (an index-only count), in the one slot of the null key.
    const active = new Map<string, number>();
    const slot = (key: string) => (concurrency?.key === undefined ? 'null' : key);
    if (concurrency) {
      const rows: { flow_key: string; n: number | string }[] = await manager.query(
        concurrency.key === undefined
          ? `SELECT 'null' AS flow_key, COUNT(*) AS n FROM executions
             WHERE agent_id = ? AND status IN ('queued', 'running')`
          : `SELECT flow_key, COUNT(*) AS n FROM executions
             WHERE agent_id = ? AND status IN ('queued', 'running') AND flow_key IS NOT NULL
             GROUP BY flow_key`,
        [agentId],
      );
      for (const row of rows) active.set(row.flow_key, Number(row.n));
    }
    // Releases per throttle key in the window, and the oldest of them (when one frees).
    const used = new Map<string, { n: number; first: number }>();
    if (throttle) {
      const since = atMs - throttle.period_ms;
      await manager.query(
        'DELETE FROM flow_runs WHERE agent_id = ? AND released_at IS NOT NULL AND released_at <= ?',
        [agentId, persistAt(since)],
      );
      const rows: { throttle_key: string; n: number | string; first: unknown }[] =
        await manager.query(
          `SELECT throttle_key, COUNT(*) AS n, MIN(released_at) AS first FROM flow_runs
           WHERE agent_id = ? AND released_at > ? GROUP BY throttle_key`,
          [agentId, persistAt(since)],
        );
      for (const row of rows) {
        used.set(row.throttle_key, {
          n: Number(row.n),
          first: this.rawRuns.hydrate('releasedAt', row.first)!.getTime(),
        });
      }
    } else {
      // Kept only for a throttle's window: none now.
      await manager.query('DELETE FROM flow_runs WHERE agent_id = ? AND released_at IS NOT NULL', [
        agentId,
      ]);
    }

    // How deep into each key this pass may go: the most any key can take.
    let depth = budget;
    if (concurrency) {
      depth = Math.min(
        depth,
        concurrency.key === undefined
          ? concurrency.limit - (active.get('null') ?? 0)
          : concurrency.limit,
      );
    }
    if (throttle) {
      depth = Math.min(
        depth,
        throttle.key === undefined ? throttle.limit - (used.get('null')?.n ?? 0) : throttle.limit,
      );
    }
    let nextAt: number | null = null;
    const soonest = (ms: number) => (nextAt = Math.min(nextAt ?? Infinity, ms));
    if (depth <= 0) {
      // The one key is full: a throttle's slot frees when its oldest release leaves the window.
      if (throttle && (used.get('null')?.n ?? 0) >= throttle.limit) {
        soonest(used.get('null')!.first + throttle.period_ms);
      }
      return { released: [], nextAt, more: false };
    }

    const held = await this.heldRows(manager, agentId, flow, depth + 1);
    // Per key, its rows in order; keys in the order of their first row.
    const byKey = new Map<string, HeldRow[]>();
    for (const row of held) {
      const rows = byKey.get(row.flow_key) ?? [];
      rows.push(row);
      byKey.set(row.flow_key, rows);
    }
    const stopped = new Map<string, { row: HeldRow; reason: HeldReason }>();
    const released: string[] = [];
    let more = false;
    // One row past the depth: the row a key stops at says what holds it, and until when.
    for (let turn = 0; turn <= depth && released.length < budget; turn++) {
      let any = false;
      for (const [key, rows] of byKey) {
        if (stopped.has(key) || turn >= rows.length) continue;
        if (released.length >= budget) {
          more = true;
          break;
        }
        const row = rows[turn];
        const dueAt = row.due_at ? this.rawRuns.hydrate('dueAt', row.due_at)!.getTime() : null;
        if (dueAt !== null && dueAt > atMs) {
          stopped.set(key, { row, reason: 'debounce' });
          soonest(dueAt);
          continue;
        }
        if (concurrency && (active.get(slot(key)) ?? 0) >= concurrency.limit) {
          stopped.set(key, { row, reason: 'concurrency' });
          continue;
        }
        // No throttle key: a run resuming after a wait (not a new start).
        const throttled = throttle && row.throttle_key !== null;
        const throttleKey = row.throttle_key ?? 'null';
        const window = used.get(throttleKey);
        if (throttled && window && window.n >= throttle.limit) {
          stopped.set(key, { row, reason: 'throttle' });
          soonest(window.first + throttle.period_ms);
          continue;
        }
        active.set(slot(key), (active.get(slot(key)) ?? 0) + 1);
        if (throttled)
          used.set(throttleKey, { n: (window?.n ?? 0) + 1, first: window?.first ?? atMs });
        released.push(row.execution_id);
        any = true;
      }
      if (!any) break;
    }
    // A key's first held execution says what holds it now.
    for (const { row, reason } of stopped.values()) {
      if (row.reason === reason) continue;
      await manager.query(`UPDATE executions SET held = ? WHERE id = ? AND status = 'held'`, [
        reason,
        row.execution_id,
      ]);
      await manager.query('UPDATE flow_runs SET reason = ? WHERE execution_id = ?', [
        reason,
        row.execution_id,
      ]);
    }
    const done = await this.release(manager, released, at, throttle ? at : null);
    return { released: done, nextAt, more };
  }

  /**
   * The first `take` held executions of each key of an agent, in turns (each key's first, then
   * each key's second, …), creation order within a turn. When the flow has one key (its
   * first control has no `key`), the rows' key is `null`: the first `take` of that key, in
   * the order of the index, unless rows of another key are held too (the flow had a key
   * before; two index seeks tell), which go by the window over every key, as for a keyed flow.
   */
  private async heldRows(
    manager: EntityManager,
    agentId: string,
    flow: AgentFlow,
    take: number,
  ): Promise<HeldRow[]> {
    const first = flow.concurrency ?? flow.throttle ?? flow.debounce;
    if (first && first.key === undefined) {
      const others: unknown[] = await manager.query(
        `SELECT * FROM (SELECT execution_id FROM flow_runs
           WHERE agent_id = ? AND released_at IS NULL AND flow_key < 'null' LIMIT 1) below
         UNION ALL SELECT * FROM (SELECT execution_id FROM flow_runs
           WHERE agent_id = ? AND released_at IS NULL AND flow_key > 'null' LIMIT 1) above`,
        [agentId, agentId],
      );
      if (others.length === 0) {
        return manager.query(
          `SELECT execution_id, flow_key, throttle_key, reason, due_at FROM flow_runs
           WHERE agent_id = ? AND released_at IS NULL AND flow_key = 'null'
           ORDER BY created_at, execution_id LIMIT ${take}`,
          [agentId],
        );
      }
    }
    return manager.query(
      `SELECT execution_id, flow_key, throttle_key, reason, due_at FROM (
         SELECT execution_id, flow_key, throttle_key, reason, due_at, created_at,
           ROW_NUMBER() OVER (PARTITION BY flow_key ORDER BY created_at, execution_id) AS rn
         FROM flow_runs WHERE agent_id = ? AND released_at IS NULL) t
       WHERE rn <= ${take} ORDER BY rn, created_at, execution_id`,
      [agentId],
    );
  }

  /**
   * `held` → `queued` for `ids` still held, queued from `at` (the claims take them behind
   * what was queued before: a key's next run does not pass the first run of a key let go
   * earlier); their `flow_runs` rows stay for a throttle's window (`keepAt`: the release
   * time) or go. Rows whose execution is no longer held (gone) go too.
   */
  private async release(
    manager: EntityManager,
    ids: string[],
    at: Date,
    keepAt: Date | null,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    const marks = ids.map(() => '?').join(', ');
    // By id alone: with `status = 'held'` beside the list, SQLite's planner goes by the
    // status index, over every held row. The rows are locked (SQLite: the one writer).
    const rows: { id: string; status: string }[] = await manager.query(
      `SELECT id, status FROM executions WHERE id IN (${marks})${this.mysql ? ' FOR UPDATE' : ''}`,
      ids,
    );
    const held = new Set(rows.filter((row) => row.status === HELD).map((row) => row.id));
    const releasing = ids.filter((id) => held.has(id));
    const gone = ids.filter((id) => !held.has(id));
    if (gone.length > 0) {
      await manager.query(
        `DELETE FROM flow_runs WHERE execution_id IN (${gone.map(() => '?').join(', ')})`,
        gone,
      );
    }
    if (releasing.length === 0) return [];
    const list = releasing.map(() => '?').join(', ');
    await execute(
      manager,
      `UPDATE executions SET status = 'queued', held = NULL, queued_at = ? WHERE id IN (${list})`,
      [this.rawExecutions.persist('queuedAt', at), ...releasing],
    );
    if (keepAt) {
      await manager.query(`UPDATE flow_runs SET released_at = ? WHERE execution_id IN (${list})`, [
        this.rawRuns.persist('releasedAt', keepAt),
        ...releasing,
      ]);
    } else {
      await manager.query(`DELETE FROM flow_runs WHERE execution_id IN (${list})`, releasing);
    }
    return releasing;
  }

  /**
   * The keys of an agent with executions `running` or `queued` (held ones included), with
   * their counts: most queued first, then most running, then by key; at most `limit`, and
   * how many keys there are in all. One grouped read of the agent's active executions.
   */
  async keysOf(agentId: string, limit: number): Promise<{ keys: FlowKeyCounts[]; total: number }> {
    const rows: {
      flow_key: string;
      running: number | string;
      queued: number | string;
      held: number | string;
      total: number | string;
    }[] = await this.dataSource.query(
      `SELECT flow_key,
         SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END) AS running,
         SUM(CASE WHEN status = 'running' THEN 0 ELSE 1 END) AS queued,
         SUM(CASE WHEN status = 'held' THEN 1 ELSE 0 END) AS held,
         COUNT(*) OVER () AS total
       FROM executions
       WHERE agent_id = ? AND status IN ('queued', 'running', 'held') AND flow_key IS NOT NULL
       GROUP BY flow_key
       ORDER BY queued DESC, running DESC, flow_key
       LIMIT ${Math.max(1, Math.floor(limit))}`,
      [agentId],
    );
    return {
      keys: rows.map((row) => ({
        key: row.flow_key,
        running: Number(row.running),
        queued: Number(row.queued),
        held: Number(row.held),
      })),
      total: rows.length > 0 ? Number(rows[0].total) : 0,
    };
  }
}
