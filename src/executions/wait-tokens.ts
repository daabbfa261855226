import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../common/api-error';
import { safeEqual, sha256Hex } from '../common/crypto';
import { newId } from '../common/ids';
import { iso, now } from '../common/time';
import { retrying } from '../database/transactions';
import { Execution } from './execution.entity';
import { TRANSITION } from './run-finish';
import { type CompletedBy, WaitToken } from './wait-token.entity';

/** What a `create_token` step asks for. */
export interface NewWaitToken {
  accountId: string;
  agentId: string;
  executionId: string;
  stepId: string;
  timeoutMs: number;
  title: string | null;
  description: string | null;
  choices: string[] | null;
}

/** A completion: the API's, the dashboard's or the callback URL's. */
export interface TokenCompletion {
  choice?: unknown;
  data?: unknown;
  by: CompletedBy;
}

/** `{BASE_URL}/wait-tokens/<id>/callback/<secret>`. */
export function callbackUrl(baseUrl: string, id: string, secret: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/wait-tokens/${id}/callback/${secret}`;
}

/** The wire shape of a token (docs/api.md, Wait tokens). */
export function toWaitTokenResponse(token: WaitToken) {
  return {
    id: token.id,
    execution_id: token.executionId,
    agent_id: token.agentId,
    step_id: token.stepId,
    status: token.status,
    title: token.title,
    description: token.description,
    choices: token.choices,
    choice: token.choice,
    data: token.data,
    completed_at: iso(token.completedAt),
    completed_by: token.completedBy,
    expires_at: iso(token.expiresAt),
    created_at: iso(token.createdAt),
  };
}

/**
 * The wait tokens' store: every change of a token is one conditional write here. A token is
 * made once per `create_token` step of an execution (a step run again after a crash gets the
 * same token with a new secret: the URL of the lost run was never shown); completed once
 * (`waiting` → `completed`, and in the same transaction its execution's `wake_at` set to now
 * if it waits, so the wait poller resumes it); expired by the waiting step that finds it past
 * its time; cancelled with its execution.
 */
export class WaitTokens {
  private readonly mysql: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  async create(
    request: NewWaitToken,
    baseUrl: string,
  ): Promise<{ id: string; url: string; expires_at: string }> {
    const secret = randomBytes(24).toString('base64url'); // 192 random bits
    const repository = this.dataSource.getRepository(WaitToken);
    const existing = await repository.findOneBy({
      executionId: request.executionId,
      stepId: request.stepId,
    });
    if (existing) {
      await repository.update({ id: existing.id }, { secretHash: sha256Hex(secret) });
      return {
        id: existing.id,
        url: callbackUrl(baseUrl, existing.id, secret),
        expires_at: existing.expiresAt.toISOString(),
      };
    }
    const createdAt = now();
    const token: WaitToken = {
      id: newId('wtk'),
      accountId: request.accountId,
      agentId: request.agentId,
      executionId: request.executionId,
      stepId: request.stepId,
      status: 'waiting',
      title: request.title,
      description: request.description,
      choices: request.choices,
      choice: null,
      data: null,
      completedAt: null,
      completedBy: null,
      secretHash: sha256Hex(secret),
      expiresAt: new Date(createdAt.getTime() + request.timeoutMs),
      createdAt,
    };
    await repository.insert(token as QueryDeepPartialEntity<WaitToken>);
    return {
      id: token.id,
      url: callbackUrl(baseUrl, token.id, secret),
      expires_at: token.expiresAt.toISOString(),
    };
  }

  /** A token of `executionId` (null: none such, or another execution's). */
  async ofExecution(executionId: string, id: string): Promise<WaitToken | null> {
    return this.dataSource.getRepository(WaitToken).findOneBy({ id, executionId });
  }

  /** `waiting` → `expired` (the waiting step found it past its time). False if it had moved on. */
  async expire(id: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(WaitToken)
      .set({ status: 'expired' })
      .where('id = :id AND status = :waiting', { id, waiting: 'waiting' })
      .execute();
    return result.affected === 1;
  }

  /** The account's token `id`, or 404. */
  async owned(accountId: string, id: string): Promise<WaitToken> {
    const token = await this.dataSource.getRepository(WaitToken).findOneBy({ id, accountId });
    if (!token) throw ApiError.notFound('Wait token');
    return token;
  }

  /**
   * The account's tokens, newest first (by id: ids are time-ordered ULIDs), `limit` a page,
   * after `cursor` (the id of the previous page's last item).
   */
  async list(
    accountId: string,
    filters: { status?: string; agentId?: string; executionId?: string },
    limit: number,
    cursor?: string,
  ): Promise<{ items: WaitToken[]; nextCursor: string | null }> {
    const query = this.dataSource
      .getRepository(WaitToken)
      .createQueryBuilder('t')
      .where('t.account_id = :accountId', { accountId });
    if (filters.status) query.andWhere('t.status = :status', { status: filters.status });
    if (filters.agentId) query.andWhere('t.agent_id = :agentId', { agentId: filters.agentId });
    if (filters.executionId) {
      query.andWhere('t.execution_id = :executionId', { executionId: filters.executionId });
    }
    if (cursor) query.andWhere('t.id < :cursor', { cursor });
    const rows = await query
      .orderBy('t.id', 'DESC')
      .take(limit + 1)
      .getMany();
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const nextCursor = rows.length > limit && last ? last.id : null;
    return { items, nextCursor };
  }

  /** The token of a callback URL, or 404 (unknown id, or a secret that is not its). */
  async byCallback(id: string, secret: string): Promise<WaitToken> {
    const token = await this.dataSource.getRepository(WaitToken).findOneBy({ id });
    if (!token || !safeEqual(sha256Hex(secret), token.secretHash)) {
      throw ApiError.notFound('Wait token');
    }
    return token;
  }

  /**
   * Completes `token` (first completion wins): 400 `field: "choice"` for a choice it does not
   * offer (or none when it offers some), 409 `conflict` once it is not `waiting` (or past its
   * expiry). In the same transaction, its execution, if it waits, is made due at once.
   */
  async complete(token: WaitToken, completion: TokenCompletion): Promise<WaitToken> {
    const choice = checkChoice(token, completion.choice);
    const data = completion.data === undefined ? null : completion.data;
    if (data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      throw ApiError.invalid('data', 'data must be an object');
    }
    const at = now();
    const done = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(WaitToken)
        .set({
          status: 'completed',
          choice,
          data,
          completedAt: at,
          completedBy: completion.by,
        } as QueryDeepPartialEntity<WaitToken>)
        .where('id = :id AND status = :waiting AND expires_at > :at', {
          id: token.id,
          waiting: 'waiting',
          at,
        })
        .execute();
      if (result.affected !== 1) return false;
      await this.wakeExecution(manager, token.executionId, at);
      return true;
    });
    const current = await this.dataSource
      .getRepository(WaitToken)
      .findOneByOrFail({ id: token.id });
    if (!done) {
      throw ApiError.conflict(
        current.status === 'waiting'
          ? 'The token has expired'
          : `The token is ${current.status}; only a waiting token can be completed`,
      );
    }
    return current;
  }

  /**
   * For the pause of a run waiting on token `id`, in its transaction, before the execution
   * row is written: locks the token row (MySQL), so that a completion either committed before
   * (the pause then sees it) or waits for the pause and then finds the execution waiting.
   * Resolves whether the token is still `waiting`.
   */
  async stillWaiting(manager: EntityManager, id: string): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT status FROM wait_tokens WHERE id = ?${this.mysql ? ' FOR UPDATE' : ''}`,
      [id],
    )) as { status: string }[];
    return rows[0]?.status === 'waiting';
  }

  /** Cancels the waiting tokens of an execution that ends, in its transaction. */
  async cancelOf(manager: EntityManager, executionId: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(WaitToken)
      .set({ status: 'cancelled' })
      .where('execution_id = :executionId AND status = :waiting', {
        executionId,
        waiting: 'waiting',
      })
      .execute();
  }

  private async wakeExecution(manager: EntityManager, executionId: string, at: Date) {
    await manager
      .createQueryBuilder()
      .update(Execution)
      .set({ wakeAt: at })
      .where('id = :id AND status = :waiting', { id: executionId, waiting: 'waiting' })
      .execute();
  }
}

function checkChoice(token: WaitToken, choice: unknown): string | null {
  if (token.choices) {
    if (typeof choice !== 'string' || !token.choices.includes(choice)) {
      throw ApiError.invalid('choice', `choice must be one of: ${token.choices.join(', ')}`);
    }
    return choice;
  }
  if (choice === undefined || choice === null) return null;
  if (typeof choice !== 'string' || choice.length > 200) {
    throw ApiError.invalid('choice', 'choice must be a string of at most 200 characters');
  }
  return choice;
}
