import type { EntityManager } from 'typeorm';

/**
 * The fair pick of a claim (ExecutionLeases.claimNext): which queued executions to take,
 * accounts taking turns within their caps. Reads only; the claim's UPDATE is the lease's.
 */

/** What a fair claim needs from the worker: where the last one stopped, and the caps. */
export interface ClaimQuota {
  /** The last account served by the previous claim ('' at first): the next turn starts after it. */
  cursor: string;
  /** Accounts that hold their whole cap in this worker (looked past, not counted). */
  capped: number;
  /** How many more slots an account may take; `plan` as the claim read it. */
  remaining(accountId: string, plan: string | null): number;
}

export interface QueuedAccount {
  accountId: string;
  plan: string | null;
}

/**
 * The account with queued executions next after `?` (a cursor) in id order, with its plan:
 * one seek in `idx_executions_status_account_created`, however many rows an account has
 * queued. (A recursive query doing the same steps would walk every queued row on MariaDB.)
 */
const NEXT_QUEUED_ACCOUNT = `SELECT e.account_id AS account_id, a.plan AS plan
  FROM executions e LEFT JOIN accounts a ON a.id = e.account_id
  WHERE e.status = 'queued' AND e.account_id > ? ORDER BY e.account_id LIMIT 1`;

function toQueuedAccount(row: { account_id: string; plan: string | null }): QueuedAccount {
  return { accountId: row.account_id, plan: row.plan ?? null };
}

/**
 * Up to `limit` accounts with queued executions and their plans, in id order after
 * `cursor`, then from the start (round-robin): a loose index scan, one statement a step.
 */
export async function queuedAccounts(
  manager: EntityManager,
  cursor: string,
  limit: number,
): Promise<QueuedAccount[]> {
  const accounts: QueuedAccount[] = [];
  const seen = new Set<string>();
  let after = cursor;
  while (accounts.length < limit) {
    const [row] = await manager.query(NEXT_QUEUED_ACCOUNT, [after]);
    if (!row) {
      if (after === '' || cursor === '') break;
      after = ''; // wrap around: the accounts up to the cursor
      continue;
    }
    const account = toQueuedAccount(row);
    if (seen.has(account.accountId)) break; // around once
    seen.add(account.accountId);
    accounts.push(account);
    after = account.accountId;
  }
  return accounts;
}

/**
 * The ids to claim: each account's oldest queued rows up to what its cap leaves (one
 * statement for all), taken one per account in turn. `cursor`: the last account served.
 */
export async function pickRows(
  manager: EntityManager,
  accounts: QueuedAccount[],
  limit: number,
  exclude: Set<string>,
  quota: ClaimQuota,
): Promise<{ ids: string[]; cursor: string | null; left: boolean }> {
  const all = accounts.map((account) => ({
    accountId: account.accountId,
    take: Math.min(limit, quota.remaining(account.accountId, account.plan)),
  }));
  const wanted = all.filter((account) => account.take > 0);
  // An account at its cap keeps queued rows.
  const capped = wanted.length < all.length;
  if (wanted.length === 0) return { ids: [], cursor: null, left: capped };
  const skip = [...exclude];
  const notSkipped = skip.length > 0 ? ` AND id NOT IN (${skip.map(() => '?').join(', ')})` : '';
  const parts: string[] = [];
  const parameters: unknown[] = [];
  wanted.forEach((account, i) => {
    parts.push(
      `SELECT * FROM (SELECT id, account_id FROM executions WHERE status = 'queued' AND account_id = ?${notSkipped} ORDER BY created_at, id LIMIT ${account.take}) t${i}`,
    );
    parameters.push(account.accountId, ...skip);
  });
  const rows: { id: string; account_id: string }[] = await manager.query(
    parts.join(' UNION ALL '),
    parameters,
  );
  const byAccount = new Map<string, string[]>(wanted.map((account) => [account.accountId, []]));
  for (const row of rows) byAccount.get(row.account_id)?.push(row.id);
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let turn = 0; ids.length < limit; turn++) {
    let any = false;
    for (const [accountId, queued] of byAccount) {
      if (turn >= queued.length || ids.length >= limit) continue;
      ids.push(queued[turn]);
      cursor = accountId;
      any = true;
    }
    if (!any) break;
  }
  // Rows are left when an account may have more than it was asked for, or was not taken whole.
  const left =
    capped ||
    wanted.some((account) => byAccount.get(account.accountId)!.length >= account.take) ||
    ids.length < rows.length;
  return { ids, cursor, left };
}
