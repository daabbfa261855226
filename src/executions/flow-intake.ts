import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Agent } from '../agents/agent.entity';
import type { DailyCounters } from '../agents/daily-counters';
import {
  type AgentFlow,
  type CompiledFlowKey,
  type FlowKeyCompiler,
  type HeldReason,
  initialHold,
} from '../agents/flow';
import { now } from '../common/time';
import { execute, RawColumns } from '../database/raw-sql';
import { executeAll, retrying, type Statement } from '../database/transactions';
import type { RunQueue } from '../queue/run-queue';
import { Execution } from './execution.entity';
import type { ExecutionNotices } from './execution-notices';
import { FLOW_KEY_MAX_LENGTH, FlowRun } from './flow-run.entity';
import {
  build,
  IDEMPOTENCY_WINDOW_MS,
  type IntakeResult,
  type NewExecution,
  type NewExecutionRows,
} from './new-executions';

/** Where a new execution of an agent with `flow` waits (NewExecution.flow). */
export interface FlowPlacement {
  /** The key it takes its turn in: the concurrency key, else the throttle's, else the debounce's. */
  key: string;
  throttleKey: string | null;
  debounceKey: string | null;
  reason: HeldReason;
  /** Debounce: not released before this. */
  dueAt: Date | null;
  /**
   * Admitted at its intake (FlowIntake.admit): its key had room and nothing held, so it is
   * stored `queued` in its key, as if the gate had released it at once.
   */
  admitted?: boolean;
}

/** How a key's value is stored: JSON text (`null` for the null key), long ones hashed. */
export function flowKeyText(value: unknown): string {
  const text = value === undefined || value === null ? 'null' : JSON.stringify(value);
  if (text === undefined) return 'null';
  if (text.length <= FLOW_KEY_MAX_LENGTH) return text;
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** Compiled keys of an agent, kept while its flow is the same (by its stored text). */
interface CompiledKeys {
  flowText: string;
  concurrency?: CompiledFlowKey;
  throttle?: CompiledFlowKey;
  debounce?: CompiledFlowKey;
}

const MAX_COMPILED = 1000;

/**
 * The intake of executions of agents with `flow` (docs/api.md, Flow control): their keys,
 * evaluated over the input before they are stored; the `flow_runs` row written with each; and
 * the debounce, which replaces the input of the pending execution of a key instead of storing
 * a new one. Every other execution never comes here.
 */
export class FlowIntake {
  private readonly compiled = new Map<string, CompiledKeys>();
  private readonly rawRuns: RawColumns<FlowRun>;
  private readonly rawExecutions: RawColumns<Execution>;
  private readonly mysql: boolean;

  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: FlowKeyCompiler,
    private readonly rows: NewExecutionRows,
    private readonly counters: DailyCounters,
    private readonly notices: ExecutionNotices,
    private readonly queue: RunQueue,
  ) {
    this.rawRuns = new RawColumns(dataSource, FlowRun);
    this.rawExecutions = new RawColumns(dataSource, Execution);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  /** The request with its id made and its placement computed (keys evaluated). */
  async place(request: NewExecution, flow: AgentFlow): Promise<NewExecution> {
    const id = request.id ?? build(request, now()).id;
    const keys = this.compiledKeys(request.agent, flow);
    const scope = {
      executionId: id,
      agentId: request.agent.id,
      source: request.source,
      accountId: request.agent.accountId,
    };
    const evaluate = async (key?: CompiledFlowKey) =>
      flowKeyText(key ? await key.evaluate(request.input, scope) : null);
    const concurrency = flow.concurrency ? await evaluate(keys.concurrency) : null;
    const throttleKey = flow.throttle ? await evaluate(keys.throttle) : null;
    const debounceKey = flow.debounce ? await evaluate(keys.debounce) : null;
    const at = now();
    return {
      ...request,
      id,
      flow: {
        key: concurrency ?? throttleKey ?? debounceKey ?? 'null',
        throttleKey,
        debounceKey,
        reason: initialHold(flow),
        dueAt: flow.debounce ? debounceDue(flow.debounce, at, at) : null,
      },
    };
  }

  /** The INSERT of the `flow_runs` rows of new held executions (null when there are none). */
  statement(executions: readonly Execution[], requests: readonly NewExecution[]): Statement | null {
    const values: unknown[] = [];
    let count = 0;
    executions.forEach((execution, i) => {
      const flow = requests[i].flow;
      if (!flow || flow.admitted) return;
      count++;
      values.push(
        execution.id,
        execution.agentId,
        flow.key,
        flow.throttleKey,
        flow.debounceKey,
        flow.reason,
        this.rawRuns.persist('createdAt', execution.createdAt),
        flow.dueAt ? this.rawRuns.persist('dueAt', flow.dueAt) : null,
        null,
      );
    });
    if (count === 0) return null;
    return [
      `INSERT INTO flow_runs (execution_id, agent_id, flow_key, throttle_key, debounce_key, reason,
         created_at, due_at, released_at) VALUES ${Array(count)
           .fill('(?, ?, ?, ?, ?, ?, ?, ?, ?)')
           .join(', ')}`,
      values,
    ];
  }

  /**
   * SQLite: of the new executions `requests` (in submit order), those of a flow with a
   * concurrency limit alone whose key has room and no execution held are admitted
   * (`flow.admitted`): stored `queued` in their key, without a `flow_runs` row, and handed to
   * the worker as any other; the rest stay held for the gate. Read in the transaction that
   * stores them: SQLite's one writer makes the count and the insert one decision, as the
   * gate's. On MySQL the gate stays the one place that decides (deciding here would take the
   * agent's row lock in every intake batch).
   */
  async admit(manager: EntityManager, requests: readonly NewExecution[]): Promise<void> {
    if (this.mysql) return;
    const byKey = new Map<string, { agent: Agent; key: string; placements: FlowPlacement[] }>();
    for (const request of requests) {
      const placement = request.flow;
      if (!placement) continue;
      placement.admitted = false;
      if (!admissible(request.agent.flow)) continue;
      const id = `${request.agent.id}\n${placement.key}`;
      const group = byKey.get(id) ?? { agent: request.agent, key: placement.key, placements: [] };
      group.placements.push(placement);
      byKey.set(id, group);
    }
    for (const { agent, key, placements } of byKey.values()) {
      // Counted as the gate counts: without a key, every execution of the agent.
      const keyless = agent.flow!.concurrency!.key === undefined;
      const held: unknown[] = await manager.query(
        `SELECT execution_id FROM flow_runs
         WHERE agent_id = ? AND released_at IS NULL${keyless ? '' : ' AND flow_key = ?'} LIMIT 1`,
        keyless ? [agent.id] : [agent.id, key],
      );
      if (held.length > 0) continue;
      const [{ n }]: { n: number }[] = await manager.query(
        `SELECT COUNT(*) AS n FROM executions
         WHERE agent_id = ? AND status IN ('queued', 'running')${keyless ? '' : ' AND flow_key = ?'}`,
        keyless ? [agent.id] : [agent.id, key],
      );
      const room = agent.flow!.concurrency!.limit - Number(n);
      placements.slice(0, Math.max(0, room)).forEach((placement) => (placement.admitted = true));
    }
  }

  /**
   * A trigger of an agent with a debounce: while an execution of its debounce key is still in
   * its quiet period, that execution takes this input and its period restarts (up to
   * `max_wait_ms` after its first trigger), and the trigger answers with it; otherwise a new
   * held execution is stored. One transaction, which on MySQL holds the agent's row lock, so
   * that two processes never store two pending executions of one key.
   */
  async debounce(request: NewExecution, flow: AgentFlow): Promise<IntakeResult> {
    const placement = request.flow!;
    const debounce = flow.debounce!;
    let wake = false;
    // READ COMMITTED (MySQL): after the agent's lock, the reads see the last trigger's commit.
    const options = this.mysql ? { isolation: 'READ COMMITTED' as const } : {};
    const result = await retrying(this.dataSource, options).transaction(async (manager) => {
      await lockAgent(manager, request.agent.id, this.mysql);
      const at = now();
      if (request.idempotencyKey) {
        // A repeated delivery (or Idempotency-Key) answers its first execution, as elsewhere.
        const earlier = await manager.findOneBy(Execution, {
          agentId: request.agent.id,
          idempotencyKey: request.idempotencyKey,
        });
        if (earlier && at.getTime() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) {
          return { execution: earlier, created: false };
        }
        if (earlier) {
          await manager.update(Execution, { id: earlier.id }, { idempotencyKey: null });
        }
      }
      const pending: { execution_id: string; created_at: unknown }[] = await manager.query(
        `SELECT execution_id, created_at FROM flow_runs
         WHERE agent_id = ? AND debounce_key = ? AND released_at IS NULL AND due_at > ?
         ORDER BY created_at DESC LIMIT 1`,
        [request.agent.id, placement.debounceKey, this.rawRuns.persist('dueAt', at)],
      );
      if (pending.length > 0) {
        const id = pending[0].execution_id;
        const createdAt = this.rawRuns.hydrate('createdAt', pending[0].created_at);
        const dueAt = debounceDue(debounce, createdAt, at);
        const changed = await execute(
          manager,
          `UPDATE executions SET input = ? WHERE id = ? AND status = 'held'`,
          [this.rawExecutions.persist('input', request.input), id],
        );
        if (changed === 1) {
          await manager.query(`UPDATE flow_runs SET due_at = ? WHERE execution_id = ?`, [
            this.rawRuns.persist('dueAt', dueAt),
            id,
          ]);
          const execution = await manager.findOneBy(Execution, { id });
          if (execution) return { execution, created: true };
        }
      }
      const row = build(request, at);
      const statements = [...this.rows.statements([row]), this.counters.inserted([row])!];
      statements.push(this.statement([row], [request])!);
      await executeAll(manager, statements);
      if ((await this.notices.write(manager, [{ execution: row }])) > 0) wake = true;
      return { execution: row, created: true };
    });
    if (wake) this.notices.wake();
    if (result.created) await this.queue.enqueue([result.execution.id]);
    return result;
  }

  private compiledKeys(agent: Agent, flow: AgentFlow): CompiledKeys {
    const flowText = JSON.stringify(flow);
    const cached = this.compiled.get(agent.id);
    if (cached && cached.flowText === flowText) return cached;
    const compile = (value: unknown, field: string) =>
      value === undefined ? undefined : this.keys.compile(value, field);
    const keys: CompiledKeys = {
      flowText,
      concurrency: compile(flow.concurrency?.key, 'flow.concurrency.key'),
      throttle: compile(flow.throttle?.key, 'flow.throttle.key'),
      debounce: compile(flow.debounce?.key, 'flow.debounce.key'),
    };
    if (this.compiled.size >= MAX_COMPILED) this.compiled.clear();
    this.compiled.set(agent.id, keys);
    return keys;
  }
}

/** A flow whose executions the intake may admit (FlowIntake.admit): a concurrency limit alone. */
export function admissible(flow: AgentFlow | null | undefined): boolean {
  return Boolean(flow?.concurrency && !flow.throttle && !flow.debounce);
}

/** When a debounced execution first triggered at `first` starts, after a trigger at `at`. */
export function debounceDue(
  debounce: NonNullable<AgentFlow['debounce']>,
  first: Date,
  at: Date,
): Date {
  const quiet = at.getTime() + debounce.period_ms;
  const cap = debounce.max_wait_ms === undefined ? quiet : first.getTime() + debounce.max_wait_ms;
  return new Date(Math.min(quiet, cap));
}

/**
 * Serializes the flow decisions about one agent between processes: the agent's row, locked
 * until the commit (MySQL). SQLite's one writer needs no lock.
 */
export async function lockAgent(
  manager: EntityManager,
  agentId: string,
  mysql: boolean,
): Promise<void> {
  if (mysql) await manager.query(`SELECT id FROM agents WHERE id = ? FOR UPDATE`, [agentId]);
}
