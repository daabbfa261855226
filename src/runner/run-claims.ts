import { Logger } from '@nestjs/common';
import type { Agent } from '../agents/agent.entity';
import { isDatabaseUnavailable } from '../common/database-errors';
import type { AppConfig } from '../config/configuration';
import type { Execution } from '../executions/execution.entity';
import type { ExecutionLifecycleService } from '../executions/execution-lifecycle.service';
import type { QueuedRun } from '../queue/run-queue';
import type { AccountSlots } from './account-slots';
import { describeError } from './describe-error';
import type { ExecutionLeases, FairClaim } from '../executions/execution-leases';
import type { ExecutionRunner } from './execution-runner';
import { SingleClaims } from './single-claims';

/** What the worker lets a claim do with the rows it claimed. */
export interface ClaimTarget {
  /** Whether another run may start now (the worker is not stopping, a slot is free). */
  canStart(): boolean;
  startRun(execution: Execution, agent?: Agent): void;
}

/**
 * What the worker claims: batches of queued executions, accounts taking turns within their
 * caps (ExecutionLeases.claimNext, from the account after the last one served), their agents
 * read at once; one by one (SingleClaims) when a batch fails. It also knows whether the queue
 * is known empty (`drained`) and whether a claim is under way (`claiming`), which the
 * intake's hand-off asks before reserving slots.
 */
export class RunClaims {
  private readonly logger = new Logger('Worker');
  /** The last batch claim found fewer queued rows than it asked for. */
  drained = false;
  /** A claim is under way: no slot is reserved meanwhile (its rows are not counted yet). */
  claiming = false;
  /**
   * The last batch claim took fewer rows than it asked for although rows are left: those
   * belong to accounts at their caps (or were set aside). A worker slot given back while
   * those accounts keep theirs is not worth a claim.
   */
  capped = false;
  /**
   * How long (ms) the oldest run of the last batch claim that took any had waited in the
   * queue; 0 once a claim found the queue empty.
   */
  oldestWaitMs = 0;
  /** The last account served by a claim: the next one starts after it. */
  private cursor = '';
  private readonly single: SingleClaims;

  constructor(
    private readonly config: AppConfig,
    private readonly leases: ExecutionLeases,
    private readonly runner: ExecutionRunner,
    lifecycle: ExecutionLifecycleService,
    private readonly accounts: AccountSlots,
  ) {
    this.single = new SingleClaims(config, leases, runner, lifecycle);
  }

  /** Queued runs committed before `before` (oldest first), except those set aside. */
  async queuedBefore(before: Date, limit: number): Promise<QueuedRun[]> {
    const skipped = this.single.skippedIds();
    return (await this.leases.queuedBefore(before, limit)).filter((run) => !skipped.has(run.id));
  }

  /**
   * Claims up to `free` queued executions in one transaction (their whole rows), accounts
   * taking turns within their caps, reads their agents (cached), and starts them. Returns
   * whether more may be claimable now.
   */
  async batch(free: number, target: ClaimTarget): Promise<boolean> {
    const skipped = this.single.skippedIds();
    let claim: FairClaim;
    this.claiming = true;
    try {
      claim = await this.leases.claimNext(free, this.config.workerLeaseMs, skipped, {
        cursor: this.cursor,
        capped: this.accounts.cappedCount(),
        remaining: (accountId, plan) => this.accounts.remaining(accountId, plan),
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error; // nothing to learn one by one
      // A row may refuse the update (a broken document): one by one, setting aside failures.
      this.logger.warn(`Claiming a batch failed, claiming one by one: ${describeError(error)}`);
      this.drained = false;
      const started = await this.single.claimOneByOne(free, skipped, {
        canStart: () => target.canStart(),
        hasRoom: (accountId) => this.accounts.remaining(accountId) > 0,
        startRun: (execution, agent) => target.startRun(execution, agent),
      });
      return started >= free;
    } finally {
      this.claiming = false;
    }
    const { rows: claims } = claim;
    this.cursor = claim.cursor;
    this.drained = claim.drained;
    this.capped = claim.exhausted && !claim.drained;
    if (claims.length > 0) this.oldestWaitMs = oldestWait(claims);
    else if (claim.drained) this.oldestWaitMs = 0;
    if (claims.length === 0) return false;
    const agents = await this.runner
      .loadAgents([...new Set(claims.map((claim) => claim.agentId))])
      .catch(() => new Map<string, Agent>()); // the runner reads each agent itself
    for (const execution of claims) target.startRun(execution, agents.get(execution.agentId));
    return !claim.exhausted;
  }
}

/** How long (ms) the oldest of `claims` has waited since it was queued. */
function oldestWait(claims: Execution[]): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const claim of claims) oldest = Math.min(oldest, claim.createdAt.getTime());
  return Math.max(0, Date.now() - oldest);
}
