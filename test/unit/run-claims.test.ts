import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config/configuration';
import type { ExecutionLeases, FairClaim } from '../../src/executions/execution-leases';
import type { ExecutionLifecycleService } from '../../src/executions/execution-lifecycle.service';
import { Execution } from '../../src/executions/execution.entity';
import { AccountSlots } from '../../src/runner/account-slots';
import type { ExecutionRunner } from '../../src/runner/execution-runner';
import { RunClaims } from '../../src/runner/run-claims';

/** A queued row created `agoMs` before now. */
function row(agoMs: number): Execution {
  return Object.assign(new Execution(), {
    id: `exe_${agoMs}`,
    accountId: 'acc_a',
    agentId: 'agt_a',
    createdAt: new Date(Date.now() - agoMs),
  });
}

/** RunClaims over a lease store that answers the claims the test lists, one per call. */
function claimsAnswering(answers: FairClaim[]) {
  const leases = {
    claimNext: async () => answers.shift()!,
  } as unknown as ExecutionLeases;
  const runner = { loadAgents: async () => new Map() } as unknown as ExecutionRunner;
  const accounts = new AccountSlots(4, {}, async () => new Map(), 0);
  const config = { workerLeaseMs: 30_000 } as AppConfig;
  return new RunClaims(config, leases, runner, {} as ExecutionLifecycleService, accounts);
}

const target = { canStart: () => true, startRun: () => undefined };
/** A claim's answer; `exhausted`: fewer rows than the 4 asked for. */
const claim = (rows: Execution[], drained: boolean): FairClaim => ({
  rows,
  drained,
  exhausted: rows.length < 4,
  cursor: '',
});

/** What a claim tells the worker besides its rows: capped accounts and the queue's age. */
describe('RunClaims', () => {
  it('knows how long the oldest run of its last claim waited, until the queue is empty', async () => {
    const claims = claimsAnswering([
      claim([row(50), row(3000), row(10), row(10)], false),
      claim([], false),
      claim([], true),
    ]);
    await claims.batch(4, target);
    expect(claims.oldestWaitMs).toBeGreaterThanOrEqual(3000);
    expect(claims.oldestWaitMs).toBeLessThan(4000);
    expect(claims.capped).toBe(false);

    // Rows left but none claimable (their accounts at their caps): the age stands.
    await claims.batch(4, target);
    expect(claims.capped).toBe(true);
    expect(claims.oldestWaitMs).toBeGreaterThanOrEqual(3000);

    await claims.batch(4, target);
    expect(claims.capped).toBe(false);
    expect(claims.oldestWaitMs).toBe(0);
  });

  it('knows when what it left queued belongs to accounts at their caps', async () => {
    const claims = claimsAnswering([
      claim([row(5), row(5)], false), // took what the caps allowed, rows are left
      claim([row(5), row(5)], true), // took the last ones
    ]);
    await claims.batch(4, target);
    expect(claims.capped).toBe(true);
    await claims.batch(4, target);
    expect(claims.capped).toBe(false);
  });
});
