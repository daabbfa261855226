import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { Agent } from '../agents/agent.entity';
import { AgentsService } from '../agents/agents.service';
import { ApiError } from '../common/api-error';
import { newId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { Execution, FINAL_STATUSES, HELD } from './execution.entity';
import { ExecutionTag } from './execution-tag.entity';
import { ExecutionIntakeService } from './execution-intake.service';
import { ExecutionLifecycleService } from './execution-lifecycle.service';
import { ExecutionSteps, type StoredStep } from './execution-steps';
import { ListCursors, ListPosition, ListRequest, resolveListRequest } from './execution-list';
import type { ListExecutionsQuery } from './dto/list-executions.query';
import type { TraceContext } from '../tracing/tracing';

/** Every column but `logs`: list items never carry them, so they are never read for a page. */
const LIST_COLUMNS: (keyof Execution)[] = [
  'id',
  'accountId',
  'agentId',
  'agentKind',
  'agentVersion',
  'status',
  'source',
  'retryOf',
  'scheduleId',
  'scheduledFor',
  'input',
  'output',
  'error',
  'callbackUrl',
  'attempts',
  'waiting',
  'createdAt',
  'startedAt',
  'completedAt',
  'durationMs',
  'tags',
  'traceParent',
  'parentExecutionId',
  'rootExecutionId',
];

/** A row of a page before it is read: where it sorts, and about how large its JSON is. */
export interface PageRow extends ListPosition {
  /** Stored bytes (characters on SQLite) of its input, output and error. */
  size: number;
}

/**
 * A page of executions, read in two steps so that a page of large records is never read
 * whole: `rows` are the page's rows (at most `limit`) as the keyset found them, light;
 * `read` reads the full records of some of them; `cursorAfter` is the cursor of the page
 * that starts after a given row (the page may end early: see the executions controller).
 */
export interface ExecutionPage {
  rows: PageRow[];
  limit: number;
  /** More rows follow the last of `rows`. */
  hasMore: boolean;
  /** The full records (without logs) of `rows`, in order; undefined for a row gone since. */
  read(rows: readonly PageRow[]): Promise<(Execution | undefined)[]>;
  cursorAfter(row: ListPosition): string;
}

const WORKFLOW = 'workflow';

/**
 * The list a page is of: an agent's (of an account), or the account's; either filtered to
 * one parent's children (`parent_execution_id`) when its filters say so.
 */
type ListScope = { agentId: string; accountId: string } | { accountId: string };

const newestFirst = (a: ListPosition, b: ListPosition): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Reading, cancelling and retrying executions (docs/api.md, Trigger and executions). Every lookup
 * is scoped by account: another account's execution is 404. Executions of a deleted agent stay
 * readable by id; its list route is 404 like the agent.
 */
@Injectable()
export class ExecutionsService {
  private readonly cursors: ListCursors;
  private readonly steps: ExecutionSteps;

  constructor(
    @InjectRepository(Execution) private readonly executions: Repository<Execution>,
    @InjectDataSource() dataSource: DataSource,
    private readonly agents: AgentsService,
    private readonly intake: ExecutionIntakeService,
    private readonly lifecycle: ExecutionLifecycleService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cursors = new ListCursors(config.secretKey);
    this.steps = new ExecutionSteps(dataSource);
  }

  /**
   * The `steps` of the workflow executions among `executions`, by id: one query, none when
   * there is no workflow execution (other kinds' records have no `steps`).
   */
  stepsOf(executions: readonly Execution[]): Promise<Map<string, StoredStep[]>> {
    const ids = executions.filter((e) => e.agentKind === WORKFLOW).map((e) => e.id);
    return ids.length === 0 ? Promise.resolve(new Map()) : this.steps.list(ids);
  }

  /** The account's agent (not deleted), else 404. */
  ownedAgent(accountId: string, agentId: string): Promise<Agent> {
    return this.agents.findOwned(accountId, agentId);
  }

  async get(accountId: string, id: string): Promise<Execution> {
    const execution = await this.executions.findOneBy({ id, accountId });
    if (!execution) throw ApiError.notFound('Execution');
    return execution;
  }

  /**
   * One page, newest first (`created_at` desc, `id` desc), by keyset: each query walks the
   * index (agent_id[, status], created_at, id) from the cursor and reads at most limit + 1
   * rows, whatever the table's size. A status list runs one such query per status and
   * merges them: at most four (statuses are deduplicated, and all five is no filter), and
   * cursors are signed, so no request costs more than that.
   */
  async list(
    accountId: string,
    agentId: string,
    query: ListExecutionsQuery,
  ): Promise<ExecutionPage> {
    const agent = await this.ownedAgent(accountId, agentId);
    return this.listBy({ agentId: agent.id, accountId }, query);
  }

  /**
   * The account's executions across its agents (deleted agents' too), newest first: the same
   * filters, cursor and shape as an agent's list, by keyset on (account_id, created_at, id).
   */
  async listForAccount(accountId: string, query: ListExecutionsQuery): Promise<ExecutionPage> {
    return this.listBy({ accountId }, query);
  }

  private async listBy(scope: ListScope, query: ListExecutionsQuery): Promise<ExecutionPage> {
    // A cursor is signed for its list: an agent's id, or the account's for the account-wide list.
    const listId = 'agentId' in scope ? scope.agentId : scope.accountId;
    const request = resolveListRequest(query, listId, this.cursors);
    const statuses = request.filters.statuses;
    let queries: (string | null)[] =
      statuses && statuses.length > 1 ? statuses : [statuses?.[0] ?? null];
    // `queued` includes the executions flow control holds (stored `held`): one more keyset.
    if (statuses?.includes('queued')) queries = [...queries, HELD];
    const found = (
      await Promise.all(queries.map((status) => this.page(scope, status, request)))
    ).flat();
    found.sort(newestFirst);
    return {
      rows: found.slice(0, request.limit),
      limit: request.limit,
      hasMore: found.length > request.limit,
      read: (rows) => this.readRows(rows),
      cursorAfter: (row) => this.cursors.encode(listId, row, request.filters, request.limit),
    };
  }

  /** The full records (without logs) of `rows`, in their order. */
  private async readRows(rows: readonly PageRow[]): Promise<(Execution | undefined)[]> {
    if (rows.length === 0) return [];
    const found = await this.executions
      .createQueryBuilder('e')
      .select(LIST_COLUMNS.map((column) => `e.${column}`))
      .where('e.id IN (:...ids)', { ids: rows.map((row) => row.id) })
      .getMany();
    const byId = new Map(found.map((execution) => [execution.id, execution]));
    // A row deleted meanwhile (retention) is undefined.
    return rows.map((row) => byId.get(row.id));
  }

  /** The keyset of one status (or none): limit + 1 light rows from the cursor. */
  private async page(
    scope: ListScope,
    status: string | null,
    request: ListRequest,
  ): Promise<PageRow[]> {
    if (request.filters.tags) return this.taggedPage(scope, status, request, request.filters.tags);
    const { filters, after, limit } = request;
    const sqlite = this.executions.manager.connection.options.type === 'better-sqlite3';
    // SQLite's length() reads a whole text value to count its characters; octet_length()
    // takes the byte count from the record header. MySQL's LENGTH() is in bytes.
    const bytes = sqlite ? 'octet_length' : 'LENGTH';
    // A column that must not choose the index (SQLite's unary `+`): see the parent filter below.
    const noIndex = sqlite && filters.parent ? '+' : '';
    const query = this.executions
      .createQueryBuilder('e')
      .select(['e.id', 'e.createdAt'])
      .addSelect(
        `${bytes}(e.input) + COALESCE(${bytes}(e.output), 0) + COALESCE(${bytes}(e.error), 0)`,
        'size',
      );
    if (filters.parent) {
      // An execution's children: the keyset of (parent_execution_id, created_at, id), the
      // account, agent and status checked on each row. Those columns are kept out of the index
      // choice (a unary `+` on SQLite, the hint on MySQL): SQLite took (status, account_id, …)
      // for `status = ?` otherwise, and read the account's whole history of that status rather
      // than the few rows of one parent.
      query.where('e.parentExecutionId = :parent', { parent: filters.parent });
      query.andWhere(`${noIndex}e.account_id = :accountId`, { accountId: scope.accountId });
      if ('agentId' in scope) {
        query.andWhere(`${noIndex}e.agent_id = :agentId`, { agentId: scope.agentId });
      }
      query.useIndex('idx_executions_parent_created');
    } else {
      if ('agentId' in scope) query.where('e.agentId = :agentId', { agentId: scope.agentId });
      else query.where('e.accountId = :accountId', { accountId: scope.accountId });
      // MySQL only (TypeORM drops the hint elsewhere): with the fair claim's (status, account_id,
      // ...) index beside these, MariaDB picked it for `status = ?` and read every row of that
      // status (7x slower at 100 k rows in the benchmark): name the keyset index of the list.
      query.useIndex(
        'agentId' in scope
          ? status
            ? 'idx_executions_agent_status_created'
            : 'idx_executions_agent_created'
          : 'idx_executions_account_created',
      );
    }
    if (status) query.andWhere(`${noIndex}e.status = :status`, { status });
    if (filters.from) query.andWhere('e.createdAt >= :from', { from: filters.from });
    if (filters.to) query.andWhere('e.createdAt <= :to', { to: filters.to });
    if (after) {
      query.andWhere('(e.createdAt < :afterAt OR (e.createdAt = :afterAt AND e.id < :afterId))', {
        afterAt: after.createdAt,
        afterId: after.id,
      });
    }
    const { entities, raw } = await query
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .limit(limit + 1)
      .getRawAndEntities<{ e_id: string; size: number | string | null }>();
    const sizes = new Map(raw.map((row) => [row.e_id, Number(row.size ?? 0)]));
    return entities.map((execution) => ({
      id: execution.id,
      createdAt: execution.createdAt,
      size: sizes.get(execution.id) ?? 0,
    }));
  }

  /**
   * The keyset of one status (or none) among the executions carrying every tag of `tags`:
   * walks `execution_tags` by (account_id, first tag, created_at, execution_id) from the cursor
   * and checks each further tag by its primary key, so that a page reads the rows of that tag
   * only, never the account's whole history.
   */
  private async taggedPage(
    scope: ListScope,
    status: string | null,
    request: ListRequest,
    tags: readonly string[],
  ): Promise<PageRow[]> {
    const { filters, after, limit } = request;
    const bytes =
      this.executions.manager.connection.options.type === 'better-sqlite3'
        ? 'octet_length'
        : 'LENGTH';
    const query = this.executions.manager
      .createQueryBuilder(ExecutionTag, 't')
      .select('t.execution_id', 'id')
      .addSelect('t.created_at', 'created_at')
      .addSelect(
        `${bytes}(e.input) + COALESCE(${bytes}(e.output), 0) + COALESCE(${bytes}(e.error), 0)`,
        'size',
      )
      .innerJoin(Execution, 'e', 'e.id = t.execution_id')
      .where('t.account_id = :accountId', { accountId: scope.accountId })
      .andWhere('t.tag = :tag0', { tag0: tags[0] });
    tags.slice(1).forEach((tag, index) => {
      query.andWhere(
        `EXISTS (SELECT 1 FROM execution_tags t${index + 1} WHERE t${index + 1}.execution_id = t.execution_id AND t${index + 1}.tag = :tag${index + 1})`,
        { [`tag${index + 1}`]: tag },
      );
    });
    if ('agentId' in scope) query.andWhere('e.agent_id = :agentId', { agentId: scope.agentId });
    if (filters.parent) {
      query.andWhere('e.parent_execution_id = :parent', { parent: filters.parent });
    }
    if (status) query.andWhere('e.status = :status', { status });
    if (filters.from) query.andWhere('t.created_at >= :from', { from: filters.from });
    if (filters.to) query.andWhere('t.created_at <= :to', { to: filters.to });
    if (after) {
      query.andWhere(
        '(t.created_at < :afterAt OR (t.created_at = :afterAt AND t.execution_id < :afterId))',
        { afterAt: after.createdAt, afterId: after.id },
      );
    }
    const raw = await query
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.execution_id', 'DESC')
      .limit(limit + 1)
      .getRawMany<{ id: string; created_at: Date | string; size: number | string | null }>();
    const timestamp = this.executions.metadata.findColumnWithPropertyName('createdAt')!;
    const driver = this.executions.manager.connection.driver;
    return raw.map((row) => ({
      id: row.id,
      createdAt: driver.prepareHydratedValue(row.created_at, timestamp) as Date,
      size: Number(row.size ?? 0),
    }));
  }

  /** Cancels a queued or running execution; 409 `conflict` for a finished one. */
  async cancel(accountId: string, id: string): Promise<Execution> {
    return this.lifecycle.cancel(await this.get(accountId, id));
  }

  /**
   * A new execution with the same input and callback URL, `source: "retry"`, `retry_of`
   * set. Only finished executions (completed, failed, cancelled) can be retried (else 409);
   * the agent must still exist (404) and be active (409 `agent_paused`).
   */
  async retry(
    accountId: string,
    id: string,
    options: { resume?: boolean; trace?: TraceContext } = {},
  ): Promise<Execution> {
    const original = await this.get(accountId, id);
    return (await this.retryExecution(original, options)).execution;
  }

  /**
   * The retry of `original` (read already, of its account), as `retry` makes it: the checks,
   * then the new execution. `agent`: the agent when the caller has it (a bulk action reads a
   * page of them at once). `idempotencyKey`: a second call with the same key creates nothing
   * and answers the first retry (`created: false`), so a bulk action resumed after a crash
   * retries each execution once. `trace` (tracing on): the context of the request that asks
   * for it, whose trace the retry joins (a bulk action's retries start traces of their own).
   */
  async retryExecution(
    original: Execution,
    options: {
      resume?: boolean;
      agent?: Agent;
      idempotencyKey?: string;
      trace?: TraceContext;
    } = {},
  ): Promise<{ execution: Execution; created: boolean }> {
    if (options.resume === true && original.agentKind !== WORKFLOW) {
      throw ApiError.invalid('resume', 'Only the executions of workflow agents can be resumed');
    }
    if (options.resume === true && original.status !== 'failed') {
      throw ApiError.conflict(
        `The execution is ${original.status}; only failed executions can be resumed`,
      );
    }
    if (!FINAL_STATUSES.includes(original.status)) {
      throw ApiError.conflict(
        `The execution is ${original.status}; only finished executions can be retried`,
      );
    }
    const agent = options.agent ?? (await this.ownedAgent(original.accountId, original.agentId));
    if (agent.status === 'paused') {
      throw new ApiError('agent_paused', 'The agent is paused; resume it to run executions');
    }
    const submit = (newIdentity?: string) =>
      this.intake.submit({
        id: newIdentity,
        agent,
        input: original.input,
        source: 'retry',
        retryOf: original.id,
        callbackUrl: original.callbackUrl,
        tags: original.tags,
        idempotencyKey: options.idempotencyKey ?? null,
        trace: options.trace,
      });
    if (options.resume !== true) return submit();
    // The copied records are stored before the execution exists, so no worker can run it
    // without them; the engine reuses the finished ones and starts from the failed step.
    const resumed = newId('exe');
    await this.steps.copyForResume(original.id, resumed);
    try {
      const result = await submit(resumed);
      // A repeated key answered the first retry: the copies made for this one are not used.
      if (!result.created) await this.steps.remove(resumed).catch(() => undefined);
      return result;
    } catch (error) {
      await this.steps.remove(resumed).catch(() => undefined);
      throw error;
    }
  }
}
