import type { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { Agent } from '../agents/agent.entity';
import { newId } from '../common/ids';
import { retrying, type Statement } from '../database/transactions';
import { Execution, ExecutionSource, HELD } from './execution.entity';
import type { RunOutcome } from './execution-lifecycle.service';
import type { FlowPlacement } from './flow-intake';
import type { TraceContext } from '../tracing/tracing';

/** How long an idempotency key (or webhook delivery id) is remembered per agent. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface NewExecution {
  /** Made here when absent; given when rows must refer to it first (a resumed retry's steps). */
  id?: string;
  agent: Agent;
  input: Record<string, unknown>;
  source: ExecutionSource;
  retryOf?: string | null;
  /** `source: "agent"`: the parent's step that starts it (docs/workflows.md, Agents as steps). */
  parent?: { id: string; rootId: string; step: string; waits: boolean; depth: number };
  /** A schedule's fire: the schedule and the nominal time (unique together). */
  schedule?: { id: string; scheduledFor: Date };
  callbackUrl?: string | null;
  /**
   * The trace context to keep (tracing on: taken when the request is submitted, from `trace`,
   * else a new trace's).
   */
  traceParent?: string | null;
  /** Tracing on: the context of the request that submits it (`traceContextOf`). */
  trace?: TraceContext;
  /** Checked already (tags.ts); none or empty: no tags. */
  tags?: string[] | null;
  idempotencyKey?: string | null;
  /** SHA-256 of the request that carried the key, to tell a replay from a conflict. */
  requestHash?: string | null;
  /**
   * May be handed straight to this process's worker (LocalDispatch), committed as `running`:
   * for callers whose answer does not show the status (webhooks, synchronous triggers).
   */
  dispatch?: boolean;
  /**
   * Ran already, before anything was written (a synchronous trigger of a pure agent,
   * TriggerService): stored at once as claimed at `startedAt` and finished with `outcome`,
   * with the notices of each of these states. The intake writes no callback: such a request
   * has no `callbackUrl`.
   */
  ran?: { startedAt: Date; outcome: RunOutcome };
  /**
   * Flow control: stored held, in this key (FlowIntake.place), and never handed off; unless
   * admitted at once (`flow.admitted`): stored `queued` in its key.
   */
  flow?: FlowPlacement;
}

export interface IntakeResult {
  execution: Execution;
  /** False when an execution with the same idempotency key already existed (a replay). */
  created: boolean;
}

/** Rows per INSERT statement on MySQL are also bounded by their size (max_allowed_packet). */
const MAX_STATEMENT_BYTES = 4 * 1024 * 1024;
/** On SQLite, INSERTs of 64, 32, … 1 rows: few statement shapes, all kept prepared. */
const SQLITE_MAX_ROWS = 64;

/** The INSERT statements of new executions (the intake's transition "created"). */
export class NewExecutionRows {
  private readonly sqlite: boolean;
  private insertColumns?: { columns: ColumnMetadata[]; table: string; names: string; row: string };

  constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  /**
   * One multi-row INSERT and its counters as one atomic unit, in one round trip. The ids are
   * new, so a retry after a lost connection that finds them stored (a unique violation: these
   * rows carry no idempotency key) means the first attempt landed, counters included.
   */
  async insertAtomically(statements: Statement[]): Promise<void> {
    await retrying(this.dataSource, { idempotent: true }).atomic(
      statements,
      (error, attempt) => attempt > 1 && isUniqueViolation(error),
    );
  }

  /**
   * Multi-row INSERTs of whole rows, values converted by the driver exactly as TypeORM's own
   * insert does (JSON, timestamps), without its query builder on the hot path. MySQL: as few
   * statements as their size allows (max_allowed_packet); SQLite: 64, 32, … 1 rows each.
   */
  statements(executions: Execution[]): Statement[] {
    const { columns, table, names, row } = this.columns();
    const driver = this.dataSource.driver;
    const statements: Statement[] = [];
    let index = 0;
    while (index < executions.length) {
      const remaining = executions.length - index;
      const parameters: unknown[] = [];
      let rows = 0;
      let bytes = 0;
      const cap = this.sqlite ? largestPowerOfTwo(Math.min(remaining, SQLITE_MAX_ROWS)) : remaining;
      while (rows < cap && (rows === 0 || bytes < MAX_STATEMENT_BYTES)) {
        const execution = executions[index + rows];
        for (const column of columns) {
          const value: unknown = driver.preparePersistentValue(
            column.getEntityValue(execution),
            column,
          );
          if (typeof value === 'string') bytes += value.length;
          parameters.push(value);
        }
        rows++;
      }
      const values = new Array<string>(rows).fill(row).join(', ');
      statements.push([`INSERT INTO ${table} (${names}) VALUES ${values}`, parameters]);
      index += rows;
    }
    const createdAt = columns.find((column) => column.propertyName === 'createdAt')!;
    const tags = tagRows(executions, (date) => driver.preparePersistentValue(date, createdAt));
    if (tags.length > 0) {
      const { table: tagTable, names: tagNames } = this.tagColumns();
      for (let start = 0; start < tags.length; start += TAG_ROWS_PER_STATEMENT) {
        const chunk = tags.slice(start, start + TAG_ROWS_PER_STATEMENT);
        statements.push([
          `INSERT INTO ${tagTable} (${tagNames}) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`,
          chunk.flatMap((row) => row),
        ]);
      }
    }
    return statements;
  }

  private tagColumns(): { table: string; names: string } {
    const escape = (name: string) => this.dataSource.driver.escape(name);
    return {
      table: escape('execution_tags'),
      names: ['execution_id', 'account_id', 'tag', 'created_at'].map(escape).join(', '),
    };
  }

  private columns(): { columns: ColumnMetadata[]; table: string; names: string; row: string } {
    if (!this.insertColumns) {
      const columns = this.dataSource.getMetadata(Execution).columns;
      const escape = (name: string) => this.dataSource.driver.escape(name);
      this.insertColumns = {
        columns,
        table: escape('executions'),
        names: columns.map((column) => escape(column.databaseName)).join(', '),
        row: `(${columns.map(() => '?').join(', ')})`,
      };
    }
    return this.insertColumns;
  }
}

/** A new queued execution; ids made in one process increase in call order. */
export function build(request: NewExecution, createdAt: Date): Execution {
  return Object.assign(new Execution(), {
    id: request.id ?? newId('exe'),
    accountId: request.agent.accountId,
    agentId: request.agent.id,
    agentKind: request.agent.kind,
    agentVersion: request.agent.version,
    status: request.flow && !request.flow.admitted ? HELD : 'queued',
    source: request.source,
    retryOf: request.retryOf ?? null,
    scheduleId: request.schedule?.id ?? null,
    scheduledFor: request.schedule?.scheduledFor ?? null,
    input: request.input,
    output: null,
    error: null,
    logs: null,
    callbackUrl: request.callbackUrl ?? null,
    bulkActionId: null,
    parentExecutionId: request.parent?.id ?? null,
    rootExecutionId: request.parent?.rootId ?? null,
    parentStep: request.parent?.step ?? null,
    parentWaits: request.parent?.waits ?? false,
    agentDepth: request.parent?.depth ?? 0,
    traceParent: request.traceParent ?? null,
    tags: request.tags && request.tags.length > 0 ? request.tags : null,
    idempotencyKey: request.idempotencyKey ?? null,
    requestHash: request.requestHash ?? null,
    attempts: 0,
    resumes: 0,
    leasedUntil: null,
    createdAt,
    queuedAt: createdAt,
    startedAt: null,
    completedAt: null,
    durationMs: null,
    waiting: null,
    wakeAt: null,
    flowKey: request.flow?.key ?? null,
    held: request.flow && !request.flow.admitted ? request.flow.reason : null,
  } satisfies Execution);
}

/** Makes a new row one claimed at once by this process's worker (as ExecutionLeases.claim). */
export function claimAt(execution: Execution, at: Date, leaseMs: number): void {
  execution.status = 'running';
  execution.attempts = 1;
  execution.startedAt = at;
  execution.leasedUntil = new Date(at.getTime() + leaseMs);
}

/** Rows of `execution_tags` per INSERT (four parameters each, far below every driver's cap). */
const TAG_ROWS_PER_STATEMENT = 200;

/** The `execution_tags` rows of `executions`: (execution_id, account_id, tag, created_at). */
function tagRows(executions: readonly Execution[], stored: (date: Date) => unknown): unknown[][] {
  const rows: unknown[][] = [];
  for (const execution of executions) {
    if (!execution.tags) continue;
    const createdAt = stored(execution.createdAt);
    for (const tag of execution.tags)
      rows.push([execution.id, execution.accountId, tag, createdAt]);
  }
  return rows;
}

function largestPowerOfTwo(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}

/** The `agent \n key` of the requests whose idempotency key is already stored. */
export async function storedKeys(
  manager: EntityManager,
  requests: readonly NewExecution[],
): Promise<Set<string>> {
  const where = requests.map(() => '(agent_id = ? AND idempotency_key = ?)').join(' OR ');
  const parameters = requests.flatMap((request) => [request.agent.id, request.idempotencyKey]);
  const rows: { agent_id: string; idempotency_key: string }[] = await manager.query(
    `SELECT agent_id, idempotency_key FROM executions WHERE ${where}`,
    parameters,
  );
  return new Set(rows.map((row) => `${row.agent_id}\n${row.idempotency_key}`));
}
