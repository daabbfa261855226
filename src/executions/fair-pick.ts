import type { Pipeline } from '../database/pipeline';

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
 * The account with queued executions next after a cursor in id order, with its plan (`wrapped`
 * 0), and, unless the walk has wrapped around already, the first one from the start
 * (`wrapped` 1): one seek each in `idx_executions_status_account_queued`, however many rows
 * an account has queued. (A recursive query doing the same steps would walk every queued row
 * on MariaDB.)
 */
const queuedAccountAfter = (wrapped: 0 | 1) => `SELECT * FROM (SELECT ${wrapped} AS wrapped,
  e.account_id AS account_id, a.plan AS plan
  FROM executions e LEFT JOIN accounts a ON a.id = e.account_id
  WHERE e.status = 'queued' AND e.account_id > ? ORDER BY e.account_id LIMIT 1) t${wrapped}`;
const NEXT_QUEUED_ACCOUNT = queuedAccountAfter(0);
const NEXT_OR_FIRST_QUEUED_ACCOUNT = `${NEXT_QUEUED_ACCOUNT} UNION ALL ${queuedAccountAfter(1)}`;

interface AccountRow {
  wrapped: number | string;
  account_id: string;
  plan: string | null;
}

/**
 * Up to `limit` accounts with queued executions and their plans, in id order after
 * `cursor`, then from the start up to the cursor (round-robin): a loose index scan, one
 * statement a step, the first step asking for the wrap at once. With one account queued (the
 * usual case) that is one statement.
 */
export async function queuedAccounts(
  pipeline: Pipeline,
  cursor: string,
  limit: number,
): Promise<QueuedAccount[]> {
  const accounts: QueuedAccount[] = [];
  const seen = new Set<string>();
  let after = cursor;
  let wrapped = cursor === '';
  while (accounts.length < limit) {
    const [{ rows }] = await pipeline.send([
      wrapped ? [NEXT_QUEUED_ACCOUNT, [after]] : [NEXT_OR_FIRST_QUEUED_ACCOUNT, [after, '']],
    ]);
    const [next, first] = [0, 1].map((part) =>
      (rows as unknown as AccountRow[]).find((row) => Number(row.wrapped) === part),
    );
    const row = next ?? (wrapped ? undefined : first);
    if (!row) break;
    if (!next) wrapped = true; // the accounts up to the cursor
    const account = { accountId: row.account_id, plan: row.plan ?? null };
    if (seen.has(account.accountId)) break; // around once
    seen.add(account.accountId);
    accounts.push(account);
    // Around once: the cursor's own account is the last of the round.
    if (wrapped && cursor !== '' && account.accountId >= cursor) break;
    after = account.accountId;
  }
  return accounts;
}

/**
 * The rows to claim, whole and locked (`pipeline.skipLocked`): each account's first queued
 * rows in `queued_at` order (creation, or flow control's release) up to what its cap leaves,
 * taken one per account in turn. One account (the usual case): one statement. Several: one
 * statement picks the ids of all, one reads the rows taken. `cursor`: the last account served.
 */
export async function pickRows(
  pipeline: Pipeline,
  accounts: QueuedAccount[],
  limit: number,
  exclude: Set<string>,
  quota: ClaimQuota,
): Promise<{ rows: Record<string, unknown>[]; cursor: string | null; left: boolean }> {
  const all = accounts.map((account) => ({
    accountId: account.accountId,
    take: Math.min(limit, quota.remaining(account.accountId, account.plan)),
  }));
  const wanted = all.filter((account) => account.take > 0);
  // An account at its cap keeps queued rows.
  const capped = wanted.length < all.length;
  if (wanted.length === 0) return { rows: [], cursor: null, left: capped };
  const skip = [...exclude];
  const notSkipped = skip.length > 0 ? ` AND id NOT IN (${marks(skip.length)})` : '';
  const oldest = (columns: string, take: number) =>
    `SELECT ${columns} FROM executions WHERE status = 'queued' AND account_id = ?${notSkipped}
     ORDER BY queued_at, id LIMIT ${take}`;
  if (wanted.length === 1) {
    const [{ accountId, take }] = wanted;
    const [{ rows }] = await pipeline.send([
      [`${oldest('*', take)} ${pipeline.skipLocked}`, [accountId, ...skip]],
    ]);
    return {
      rows,
      cursor: rows.length > 0 ? accountId : null,
      left: capped || rows.length >= take,
    };
  }
  const [{ rows: queued }] = await pipeline.send([
    [
      wanted
        .map((_, i) => `SELECT * FROM (${oldest('id, account_id', wanted[i].take)}) t${i}`)
        .join(' UNION ALL '),
      wanted.flatMap((account) => [account.accountId, ...skip]),
    ],
  ]);
  const byAccount = new Map<string, string[]>(wanted.map((account) => [account.accountId, []]));
  for (const row of queued) byAccount.get(String(row.account_id))?.push(String(row.id));
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let turn = 0; ids.length < limit; turn++) {
    let any = false;
    for (const [accountId, rows] of byAccount) {
      if (turn >= rows.length || ids.length >= limit) continue;
      ids.push(rows[turn]);
      cursor = accountId;
      any = true;
    }
    if (!any) break;
  }
  // Rows are left when an account may have more than it was asked for, or was not taken whole.
  const left =
    capped ||
    wanted.some((account) => byAccount.get(account.accountId)!.length >= account.take) ||
    ids.length < queued.length;
  if (ids.length === 0) return { rows: [], cursor, left };
  const [{ rows: found }] = await pipeline.send([
    [
      `SELECT * FROM executions WHERE id IN (${marks(ids.length)}) AND status = 'queued' ${pipeline.skipLocked}`,
      ids,
    ],
  ]);
  // In the order picked: accounts take turns. Fewer than picked: taken meanwhile.
  const order = new Map(ids.map((id, i) => [id, i]));
  const rows = found.sort((a, b) => order.get(String(a.id))! - order.get(String(b.id))!);
  return { rows, cursor, left: left || rows.length < ids.length };
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
