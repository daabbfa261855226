import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, type DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { newId } from '../../common/ids';
import type { Statement } from '../../database/transactions';
import {
  CallbackDelivery,
  type CallbackDeliveryStatus,
  type CallbackPayload,
} from './callback-delivery.entity';
import { Execution } from '../../executions/execution.entity';
import { DeliveryAttempt } from './delivery-attempt.entity';

/** What one attempt of a claimed row gave, recorded by `DeliveryStore.settle`. */
export type SettledAttempt = Pick<
  DeliveryAttempt,
  'url' | 'statusCode' | 'error' | 'durationMs' | 'responseExcerpt' | 'createdAt'
>;

/**
 * Every state change of an outbox row (`callback_deliveries`), each written once:
 *
 *   pending ──claim──▶ pending + locked_until ──settle──▶ delivered | failed | pending (later)
 *                                             ──release─▶ pending (cut by shutdown)
 *
 * A row is added in the transaction of what it reports (`add`, `insertStatement`) or on its
 * own (a ping, a redelivery). A claim is one conditional UPDATE, so several workers never send
 * the same row at once; a settle or release is guarded by the attempt count the claimer read,
 * so a row taken over after an expired claim is not rewound. The writers (CallbackOutbox,
 * EventOutbox, the endpoints' test and redeliver) build rows with `pendingRow`; the sender
 * (CallbackDispatcher, CallbackAttempts) moves them on. Retention deletes old rows with their
 * executions (src/retention/).
 */
@Injectable()
export class DeliveryStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new row: due now, never attempted; `payload.id` is the event's (or the row's) id. */
  static pendingRow(
    fields: Pick<CallbackDelivery, 'executionId' | 'endpointId' | 'accountId' | 'url'>,
    payload: CallbackPayload,
    at: Date,
    id: string = newId('dlv'),
  ): CallbackDelivery {
    return {
      id,
      ...fields,
      event: payload.type,
      payload,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      lockedUntil: null,
      createdAt: at,
      updatedAt: at,
    };
  }

  /**
   * The trace context an execution keeps (`executions.trace_parent`), so that its callbacks and
   * events go out in its trace; null when it has none or is gone. Read only when tracing is on.
   */
  async traceParentOf(executionId: string): Promise<string | null> {
    const row = await this.dataSource.manager.findOne(Execution, {
      where: { id: executionId },
      select: { id: true, traceParent: true },
    });
    return row?.traceParent ?? null;
  }

  /** Inserts rows with `manager` (a transaction's, or the data source's). */
  async add(rows: CallbackDelivery[], manager: EntityManager = this.dataSource.manager) {
    if (rows.length === 0) return;
    await manager.insert(CallbackDelivery, rows as QueryDeepPartialEntity<CallbackDelivery>[]);
  }

  /** The same INSERT as one statement of a raw batch (the intake's). */
  insertStatement(rows: CallbackDelivery[]): Statement {
    const [sql, parameters] = this.dataSource
      .createQueryBuilder()
      .insert()
      .into(CallbackDelivery)
      .values(rows as QueryDeepPartialEntity<CallbackDelivery>[])
      .getQueryAndParameters();
    return [sql, parameters];
  }

  /** Pending rows due by `dueBy` and not claimed at `at`, soonest first, with `fields` only. */
  due<K extends keyof CallbackDelivery>(
    at: Date,
    dueBy: Date,
    limit: number,
    fields: K[],
  ): Promise<Pick<CallbackDelivery, K>[]> {
    return this.repository
      .createQueryBuilder('d')
      .select(fields.map((field) => `d.${field}`))
      .where('d.status = :pending', { pending: 'pending' })
      .andWhere('d.nextAttemptAt <= :dueBy', { dueBy })
      .andWhere(unclaimed('d.lockedUntil', at))
      .orderBy('d.nextAttemptAt', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** The row as a job finds it (no payload), or null. */
  peek(id: string) {
    return this.repository.findOne({
      select: { id: true, url: true, status: true, attempts: true, nextAttemptAt: true },
      where: { id },
    });
  }

  /** The whole row, payload included (once claimed). */
  load(id: string): Promise<CallbackDelivery | null> {
    return this.repository.findOneBy({ id });
  }

  /** Claims a due, unclaimed row until `lockedUntil`; true when this caller owns the attempt. */
  async claim(id: string, at: Date, lockedUntil: Date): Promise<boolean> {
    const result = await this.repository
      .createQueryBuilder()
      .update(CallbackDelivery)
      .set({ lockedUntil })
      .where('id = :id', { id })
      .andWhere('status = :pending', { pending: 'pending' })
      .andWhere('next_attempt_at <= :at', { at })
      .andWhere(unclaimed('locked_until', at))
      .execute();
    return result.affected === 1;
  }

  /** Gives a claimed row back unattempted (its attempt was cut by shutdown). */
  async release(delivery: CallbackDelivery): Promise<void> {
    await this.repository.update(
      { id: delivery.id, attempts: delivery.attempts },
      { lockedUntil: null },
    );
  }

  /**
   * Records an attempt of a claimed row (a `delivery_attempts` row) and moves the row on:
   * `delivered`, `failed`, or `pending` again at `nextAttemptAt`.
   */
  async settle(
    delivery: CallbackDelivery,
    attempt: SettledAttempt,
    status: CallbackDeliveryStatus,
    nextAttemptAt: Date,
    at: Date,
  ): Promise<void> {
    const number = delivery.attempts + 1;
    await this.dataSource.getRepository(DeliveryAttempt).insert({
      ...attempt,
      id: newId('dlv'),
      deliveryId: delivery.id,
      executionId: delivery.executionId,
      endpointId: delivery.endpointId,
      event: delivery.event,
      attempt: number,
    });
    await this.repository.update(
      { id: delivery.id, attempts: delivery.attempts },
      { status, attempts: number, nextAttemptAt, lockedUntil: null, updatedAt: at },
    );
  }

  private get repository() {
    return this.dataSource.getRepository(CallbackDelivery);
  }
}

/** Not claimed at `at`: never, or the claim expired (its sender crashed). */
function unclaimed(column: string, at: Date): Brackets {
  return new Brackets((q) => q.where(`${column} IS NULL`).orWhere(`${column} < :at`, { at }));
}
