import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThan, MoreThan, type Repository } from 'typeorm';
import type { Agent } from '../agents/agent.entity';
import { ApiError } from '../common/api-error';
import { newId } from '../common/ids';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { Execution } from '../executions/execution.entity';
import { parseBound } from '../executions/execution-list';
import { ExecutionsService } from '../executions/executions.service';
import { checkTags, TAG_PATTERN } from '../executions/tags';
import { describeError } from '../runner/describe-error';
import { BulkAction, type BulkRetryFilter } from './bulk-action.entity';
import {
  BULK_LIMIT_DEFAULT,
  RETRYABLE_STATUSES,
  type BulkActionResponse,
  type BulkRetryDto,
} from './bulk-retry.dto';

/**
 * Executions retried per step of a runner; the action row records progress after each. Small,
 * so that no step's burst of retries (their intake batch, then their runs) makes another
 * account's requests wait: with 100 a step, another account's webhook p99 doubled while the
 * action ran; with 20 and BATCH_PAUSE_MS between steps it stays within a fifth of what it was,
 * and 10,000 matches take about 15 s (`node bench/tracing.js`, the bulk retry rows).
 */
export const BULK_BATCH = 20;
/** A pause between steps, so that a bulk action never holds the database from live intake. */
const BATCH_PAUSE_MS = 25;
/** How often a process looks for unfinished bulk actions whose runner is gone. */
const POLL_MS = 1000;
/** Ids matched and marked per step (a short transaction) when an action is created. */
const MARK_CHUNK = 100;
/** The pause between two such steps, in which other requests' writes go first. */
const MARK_PAUSE_MS = 1;

/**
 * Bulk actions (docs/api.md, Bulk retry). Creating one matches the executions, oldest first,
 * and marks them with its id, MARK_CHUNK at a time with a pause between (`bulk_action_id IS
 * NULL` in the match and the UPDATE: two actions never share an execution, and a later one
 * never matches it again).
 * A runner then retries them in id order, BULK_BATCH at a time, each as
 * `POST /v2/executions/:id/retry` does (ExecutionsService.retryExecution) with the idempotency
 * key `bulk:<action>:<execution>`, and records its cursor and counts after each batch. The
 * runner holds a lease on the row (WORKER_LEASE_MS, renewed each batch): a process that dies
 * leaves the lease to run out, and the runner of any process (every process with the api role
 * looks every second) takes the action up at its cursor; the keys make a batch repeated after
 * a crash create nothing twice.
 */
@Injectable()
export class BulkActionsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BulkActions');
  private readonly sqlite: boolean;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> = Promise.resolve();
  private busy = false;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly executions: ExecutionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.pump(), POLL_MS);
    this.timer.unref();
    void this.pump();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** Reads and checks a bulk retry request (400 naming the field). */
  filterOf(body: BulkRetryDto): BulkRetryFilter {
    const statuses = parseRetryStatuses(body.status);
    const tags =
      body.tag === undefined
        ? []
        : typeof body.tag === 'string'
          ? TAG_PATTERN.test(body.tag)
            ? [body.tag]
            : invalidTag()
          : Array.isArray(body.tag) && body.tag.length > 0
            ? checkTags(body.tag, 'tag')
            : invalidTag();
    return {
      agent_id: body.agent_id ?? null,
      statuses,
      from: body.from !== undefined ? parseBound(body.from, 'from').toISOString() : null,
      to: body.to !== undefined ? parseBound(body.to, 'to').toISOString() : null,
      error_code: body.error_code ?? null,
      tags,
      resume: body.resume ?? false,
      limit: body.limit ?? BULK_LIMIT_DEFAULT,
    };
  }

  /** How many executions `filter` matches now (at most its limit). */
  async count(accountId: string, filter: BulkRetryFilter): Promise<number> {
    return (await this.matching(this.dataSource.getRepository(Execution), accountId, filter))
      .length;
  }

  /**
   * Creates the action, then marks its matches MARK_CHUNK at a time, each chunk in a short
   * transaction of its own with the action's `matched`, so that a large action never holds
   * the database (SQLite's one writer) long enough to be felt by other accounts. The creating
   * request holds the action's lease meanwhile: its runner takes it up once the marking is
   * done, or, if this process dies while marking, once the lease runs out, with what was
   * marked by then.
   */
  async create(accountId: string, filter: BulkRetryFilter): Promise<BulkActionResponse> {
    const repository = this.dataSource.getRepository(BulkAction);
    const lease = () => new Date(now().getTime() + this.config.workerLeaseMs);
    const action: BulkAction = Object.assign(new BulkAction(), {
      id: newId('blk'),
      accountId,
      kind: 'retry',
      status: 'running',
      filter,
      matched: 0,
      retried: 0,
      failed: 0,
      cursor: null,
      leasedUntil: lease(),
      createdAt: now(),
      completedAt: null,
    } satisfies BulkAction);
    await repository.insert(action);
    try {
      let seen = 0;
      let after: Pick<Execution, 'id' | 'createdAt'> | undefined;
      const executions = this.dataSource.getRepository(Execution);
      while (seen < filter.limit) {
        const take = Math.min(MARK_CHUNK, filter.limit - seen);
        const found = await this.matching(executions, accountId, filter, take, after);
        const ids = found.map((row) => row.id);
        after = found.at(-1);
        seen += ids.length;
        if (ids.length > 0) {
          const leasedUntil = lease();
          await this.dataSource.transaction(async (manager) => {
            const marked = await manager
              .getRepository(Execution)
              .update({ id: In(ids), bulkActionId: IsNull() }, { bulkActionId: action.id });
            const affected = marked.affected ?? 0;
            await manager
              .getRepository(BulkAction)
              .increment({ id: action.id }, 'matched', affected);
            await manager.getRepository(BulkAction).update({ id: action.id }, { leasedUntil });
            action.matched += affected;
          });
        }
        if (ids.length < take) break;
        await new Promise((resolve) => setTimeout(resolve, MARK_PAUSE_MS));
      }
    } finally {
      // Marked or not, the runner may take it now (a failure is the runner's to finish).
      await repository.update({ id: action.id }, { leasedUntil: null }).catch(() => undefined);
    }
    action.leasedUntil = null;
    void this.pump();
    return toResponse(action);
  }

  async get(accountId: string, id: string): Promise<BulkActionResponse> {
    const action = await this.dataSource.getRepository(BulkAction).findOneBy({ id, accountId });
    if (!action) throw ApiError.notFound('Bulk action');
    return toResponse(action);
  }

  /** Runs unfinished actions whose lease is free, one at a time, until none is left. */
  pump(): Promise<void> {
    if (this.stopped) return this.pass;
    if (this.busy) {
      this.again = true;
      return this.pass;
    }
    this.busy = true;
    this.pass = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped) {
            const action = await this.claimNext();
            if (!action) break;
            await this.run(action);
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.warn(`Running bulk actions failed: ${describeError(error)}`);
      } finally {
        this.busy = false;
      }
    })();
    return this.pass;
  }

  /** The oldest running action whose lease is free, leased to this runner; null if none. */
  private async claimNext(): Promise<BulkAction | null> {
    const repository = this.dataSource.getRepository(BulkAction);
    const at = now();
    const candidates = await repository.find({
      where: [
        { status: 'running', leasedUntil: IsNull() },
        { status: 'running', leasedUntil: LessThan(at) },
      ],
      order: { createdAt: 'ASC' },
      take: 5,
    });
    for (const action of candidates) {
      const leasedUntil = new Date(at.getTime() + this.config.workerLeaseMs);
      const claimed = await repository
        .createQueryBuilder()
        .update()
        .set({ leasedUntil })
        .where('id = :id AND status = :running', { id: action.id, running: 'running' })
        .andWhere('(leased_until IS NULL OR leased_until < :at)', { at })
        .execute();
      if (claimed.affected === 1) return Object.assign(action, { leasedUntil });
    }
    return null;
  }

  /** Retries the action's matches after its cursor, batch by batch, then completes it. */
  private async run(action: BulkAction): Promise<void> {
    const executions = this.dataSource.getRepository(Execution);
    const agents = new Map<string, Promise<Agent | null>>();
    const agentOf = (execution: Execution) => {
      let agent = agents.get(execution.agentId);
      if (!agent) {
        agent = this.executions
          .ownedAgent(execution.accountId, execution.agentId)
          .catch(() => null);
        agents.set(execution.agentId, agent);
      }
      return agent;
    };
    while (!this.stopped) {
      const batch = await executions.find({
        where: {
          bulkActionId: action.id,
          ...(action.cursor ? { id: MoreThan(action.cursor) } : {}),
        },
        order: { id: 'ASC' },
        take: BULK_BATCH,
      });
      if (batch.length === 0) {
        await this.dataSource
          .getRepository(BulkAction)
          .update(
            { id: action.id, status: 'running' },
            { status: 'completed', completedAt: now(), leasedUntil: null },
          );
        return;
      }
      const outcomes = await Promise.all(
        batch.map(async (execution) => {
          const agent = await agentOf(execution);
          if (!agent) return false;
          try {
            await this.executions.retryExecution(execution, {
              agent,
              resume: action.filter.resume,
              idempotencyKey: `bulk:${action.id}:${execution.id}`,
            });
            return true;
          } catch (error) {
            // Not this execution's fault (the database is away): stop, and resume later.
            if (!(error instanceof ApiError) || error.code === 'service_unavailable') throw error;
            return false;
          }
        }),
      );
      const retried = outcomes.filter(Boolean).length;
      const next = {
        cursor: batch[batch.length - 1].id,
        retried: action.retried + retried,
        failed: action.failed + (outcomes.length - retried),
        leasedUntil: new Date(now().getTime() + this.config.workerLeaseMs),
      };
      // Only while this runner still holds it (its cursor unchanged): else another took over.
      const moved = await this.dataSource
        .getRepository(BulkAction)
        .update({ id: action.id, cursor: action.cursor ?? IsNull() }, next);
      if (moved.affected !== 1) return;
      Object.assign(action, next);
      await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS));
    }
  }

  /**
   * The executions `filter` matches (id and created_at): of the account, in one of its
   * statuses, not matched by a bulk action before, oldest first, at most `take`, after `after`
   * in that order when given.
   */
  private async matching(
    repository: Repository<Execution>,
    accountId: string,
    filter: BulkRetryFilter,
    take = filter.limit,
    after?: Pick<Execution, 'id' | 'createdAt'>,
  ): Promise<Pick<Execution, 'id' | 'createdAt'>[]> {
    if (filter.from && filter.to && filter.from > filter.to) return [];
    const query = repository
      .createQueryBuilder('e')
      .select(['e.id', 'e.createdAt'])
      .where('e.account_id = :accountId', { accountId })
      .andWhere('e.status IN (:...statuses)', { statuses: filter.statuses })
      .andWhere('e.bulk_action_id IS NULL');
    if (filter.agent_id) query.andWhere('e.agent_id = :agentId', { agentId: filter.agent_id });
    if (filter.from) query.andWhere('e.createdAt >= :from', { from: new Date(filter.from) });
    if (filter.to) query.andWhere('e.createdAt <= :to', { to: new Date(filter.to) });
    if (after) {
      query.andWhere('(e.createdAt > :afterAt OR (e.createdAt = :afterAt AND e.id > :afterId))', {
        afterAt: after.createdAt,
        afterId: after.id,
      });
    }
    if (filter.error_code) {
      const code = this.sqlite
        ? `json_extract(e.error, '$.code')`
        : `JSON_UNQUOTE(JSON_EXTRACT(e.error, '$.code'))`;
      query.andWhere(`${code} = :code`, { code: filter.error_code });
    }
    filter.tags.forEach((tag, index) => {
      query.andWhere(
        `EXISTS (SELECT 1 FROM execution_tags bt${index} WHERE bt${index}.execution_id = e.id AND bt${index}.tag = :btag${index})`,
        { [`btag${index}`]: tag },
      );
    });
    return query.orderBy('e.createdAt', 'ASC').addOrderBy('e.id', 'ASC').take(take).getMany();
  }
}

function toResponse(action: BulkAction): BulkActionResponse {
  return {
    id: action.id,
    status: action.status,
    matched: action.matched,
    retried: action.retried,
    failed: action.failed,
  };
}

/** `status`: `failed`, `cancelled`, a comma list of them, or an array of them. */
function parseRetryStatuses(raw: unknown): ('failed' | 'cancelled')[] {
  const parts =
    typeof raw === 'string'
      ? raw.split(',').map((part) => part.trim())
      : Array.isArray(raw) && raw.length > 0
        ? raw
        : null;
  if (!parts || !parts.every((part) => (RETRYABLE_STATUSES as readonly unknown[]).includes(part))) {
    throw ApiError.invalid(
      'status',
      'status must be failed, cancelled, or both (an array or a comma list)',
    );
  }
  return [...new Set(parts as ('failed' | 'cancelled')[])];
}

function invalidTag(): never {
  throw ApiError.invalid('tag', 'tag must be a tag or a non-empty array of tags');
}
