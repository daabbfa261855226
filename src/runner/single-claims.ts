import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../common/database-errors';
import type { Agent } from '../agents/agent.entity';
import type { AppConfig } from '../config/configuration';
import type { Execution } from '../executions/execution.entity';
import type { ExecutionLifecycleService } from '../executions/execution-lifecycle.service';
import { describeError } from './describe-error';
import type { Claim, ExecutionLeases } from '../executions/execution-leases';
import type { ExecutionRunner } from './execution-runner';

/** A queued row whose claim failed is tried again after this long (at most this many kept). */
const SKIP_MS = 60_000;
const MAX_SKIPPED = 100;

/** What the worker lets the one-by-one claim do. */
export interface SingleClaimTarget {
  /** Whether another run may start now (the worker is not stopping, a slot is free). */
  canStart(): boolean;
  /** Whether the account has room left under its cap. */
  hasRoom(accountId: string): boolean;
  startRun(execution: Execution, agent?: Agent): void;
}

/**
 * The worker's fallback when a batch claim fails (a row may refuse the update, a broken
 * document): queued rows claimed one per statement, and a row that cannot be claimed set
 * aside for a while, so that it does not hold the queue (the list is bounded).
 */
export class SingleClaims {
  private readonly logger = new Logger('Worker');
  private readonly skipUntil = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly leases: ExecutionLeases,
    private readonly runner: ExecutionRunner,
    private readonly lifecycle: ExecutionLifecycleService,
  ) {}

  /** The ids set aside now. */
  skippedIds(): Set<string> {
    const at = Date.now();
    for (const [id, until] of this.skipUntil) if (until <= at) this.skipUntil.delete(id);
    return new Set(this.skipUntil.keys());
  }

  /** Claims and starts up to `free` queued rows, one per statement; returns how many started. */
  async claimOneByOne(
    free: number,
    skipped: Set<string>,
    target: SingleClaimTarget,
  ): Promise<number> {
    const queued = (await this.leases.nextQueued(free + skipped.size)).filter(
      (row) => !skipped.has(row.id),
    );
    let started = 0;
    for (const { id, accountId } of queued) {
      if (!target.canStart()) break;
      if (!target.hasRoom(accountId)) continue;
      if (await this.claimAndStart(id, target)) started++;
    }
    return started;
  }

  private async claimAndStart(id: string, target: SingleClaimTarget): Promise<boolean> {
    let claim: Claim | null;
    try {
      claim = await this.leases.claim(id, this.config.workerLeaseMs);
    } catch (error) {
      // Not retried at once: a row the database refuses to update must not hold the queue.
      // (An unreachable database refuses every row: nothing to set aside then.)
      if (!isDatabaseUnavailable(error)) this.skip(id);
      this.logger.error(`Claiming execution ${id} failed: ${describeError(error)}`);
      return false;
    }
    if (!claim) return false;
    const execution = await this.readClaimed(claim);
    if (!execution) return false;
    const agents = await this.runner
      .loadAgents([execution.agentId])
      .catch(() => new Map<string, Agent>());
    target.startRun(execution, agents.get(execution.agentId));
    return true;
  }

  /** The row of a claim; a row this worker cannot read is failed now (null). */
  private async readClaimed(claim: Claim): Promise<Execution | null> {
    try {
      return await this.leases.read(claim.id);
    } catch (error) {
      // A row this worker cannot read would be claimed again and again: fail it now.
      this.logger.error(
        `Execution ${claim.id} cannot be read, failing it: ${describeError(error)}`,
      );
      await this.lifecycle.failUnreadable(claim, describeError(error)).catch(() => undefined);
      return null;
    }
  }

  private skip(id: string): void {
    if (this.skipUntil.size >= MAX_SKIPPED) return;
    this.skipUntil.set(id, Date.now() + SKIP_MS);
  }
}
