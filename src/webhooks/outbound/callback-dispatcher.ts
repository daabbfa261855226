import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { Account } from '../../auth/account.entity';
import { AccountsService } from '../../auth/accounts.service';
import { newId } from '../../common/ids';
import { ShutdownClock } from '../../common/shutdown';
import { now } from '../../common/time';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import { MetricsService } from '../../metrics/metrics.service';
import {
  CALLBACK_QUEUE,
  type CallbackConsumer,
  type CallbackConsumption,
  type CallbackJob,
  type CallbackQueue,
  type PendingDelivery,
} from '../../queue/callback-queue';
import { EndpointHealth } from './endpoint-health';
import { CallbackDelivery } from './callback-delivery.entity';
import { AttemptOutcome, CallbackSender } from './callback-sender';
import { DeliveryAttempt } from './delivery-attempt.entity';
import { retryDelayMs } from './retry-schedule';

/** A claim outlives the longest attempt by this much; a crashed sender's rows come back after. */
const CLAIM_MARGIN_MS = 60_000;
/** A job whose host is at its limit is handed back for this long. */
const HOST_BUSY_DELAY_MS = 1000;

/**
 * Sends the outbox (`callback_deliveries`) in the worker role. Due rows are claimed one by one
 * with a conditional UPDATE (so several workers never send the same row at once) and sent
 * concurrently: at most CALLBACK_CONCURRENCY attempts in flight, and at most a quarter of
 * them to one host, so a slow receiver cannot hold up the others. Each attempt is recorded as
 * a `delivery_attempts` row; failures are rescheduled on the retry schedule until the sixth
 * attempt. Nothing here runs inside an execution's run: deliveries never block it.
 *
 * When it looks is the callback queue's business (CallbackQueue.consume): the embedded one
 * calls `fill` on wake-ups and a poll; with REDIS_URL the attempts travel as BullMQ jobs
 * (`deliver`), the outbox row staying the source of truth.
 */
@Injectable()
export class CallbackDispatcher
  implements OnApplicationBootstrap, BeforeApplicationShutdown, CallbackConsumer
{
  private readonly logger = new Logger('CallbackDispatcher');
  private readonly inFlight = new Map<string, { host: string; done: Promise<void> }>();
  private readonly perHost = new Map<string, number>();
  private readonly maxPerHost: number;
  private stopped = true;
  /** Fires at the shutdown deadline: attempts still in flight are cut and put back. */
  private readonly cutOff = new AbortController();
  private consumption: CallbackConsumption | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(CallbackDelivery) private readonly deliveries: Repository<CallbackDelivery>,
    @InjectRepository(DeliveryAttempt) private readonly attempts: Repository<DeliveryAttempt>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly accountsService: AccountsService,
    private readonly sender: CallbackSender,
    private readonly endpoints: EndpointHealth,
    private readonly metrics: MetricsService,
    private readonly shutdown: ShutdownClock,
    @Inject(CALLBACK_QUEUE) private readonly queue: CallbackQueue,
  ) {
    this.maxPerHost = Math.max(1, Math.ceil(config.callbackConcurrency / 4));
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.consumption = this.queue.consume(this);
  }

  /**
   * Stops claiming and lets the attempts in flight finish (each is bounded by
   * CALLBACK_TIMEOUT_MS) until the shutdown deadline; those still running then are cut and
   * their rows released unrecorded, to be sent again by the next worker.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const grace = this.shutdown.remainingMs(this.config.callbackTimeoutMs);
    const consumerClosed = this.consumption?.stop(grace + 2000);
    const cut = setTimeout(() => this.cutOff.abort(), grace);
    await Promise.allSettled([...this.inFlight.values()].map((entry) => entry.done));
    clearTimeout(cut);
    await consumerClosed;
  }

  /** Claims due rows up to the free slots and starts sending them. */
  async fill(): Promise<void> {
    const free = this.config.callbackConcurrency - this.inFlight.size;
    if (free <= 0 || this.stopped) return;
    const at = now();
    // Read more than the free slots (rows of a host at its limit are skipped, not waited
    // on), but only ids and URLs: payloads may be large, and are loaded once claimed.
    const due = await this.dueQuery(at)
      .select(['d.id', 'd.url'])
      .orderBy('d.nextAttemptAt', 'ASC')
      .limit(Math.min(free * 4, 200))
      .getMany();
    for (const { id, url } of due) {
      if (this.stopped || this.inFlight.size >= this.config.callbackConcurrency) return;
      if (this.inFlight.has(id)) continue;
      const host = hostOf(url);
      if ((this.perHost.get(host) ?? 0) >= this.maxPerHost) continue;
      if (!(await this.claim(id, at))) continue; // another worker took it
      const delivery = await this.deliveries.findOneBy({ id });
      if (delivery) this.start(delivery, host);
    }
  }

  /** Pending rows due by `dueBy` and not claimed, soonest due first. */
  pendingDue(dueBy: Date, limit: number): Promise<PendingDelivery[]> {
    return this.dueQuery(now(), dueBy)
      .select(['d.id', 'd.attempts', 'd.nextAttemptAt'])
      .orderBy('d.nextAttemptAt', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * Makes the attempt a job names, if the row still waits for exactly that attempt (else the
   * job is stale and acknowledged). A job early for its row, or whose host has
   * CALLBACK_CONCURRENCY / 4 attempts in flight here, is handed back for later.
   */
  async deliver(
    { deliveryId, attempt }: CallbackJob,
    putBack: (atMs: number) => Promise<never>,
  ): Promise<void> {
    if (this.stopped) return putBack(Date.now());
    const row = await this.deliveries.findOne({
      select: { id: true, url: true, status: true, attempts: true, nextAttemptAt: true },
      where: { id: deliveryId },
    });
    if (!row || row.status !== 'pending' || row.attempts !== attempt - 1) return;
    const at = now();
    if (row.nextAttemptAt > at) return putBack(row.nextAttemptAt.getTime());
    const host = hostOf(row.url);
    if ((this.perHost.get(host) ?? 0) >= this.maxPerHost) {
      return putBack(Date.now() + HOST_BUSY_DELAY_MS);
    }
    this.reserve(host);
    try {
      if (!(await this.claim(row.id, at))) return; // another worker took it
      const delivery = await this.deliveries.findOneBy({ id: row.id });
      if (!delivery) return;
      const done = this.attempt(delivery);
      this.inFlight.set(delivery.id, { host, done: done.catch(() => undefined) });
      await done;
    } catch (error) {
      // The claim expires; the sweep gives the row a job again and it is sent then.
      this.logger.error(
        `Callback ${deliveryId} could not be recorded: ${(error as Error).message}`,
      );
    } finally {
      this.inFlight.delete(row.id);
      this.unreserve(host);
    }
  }

  private dueQuery(at: Date, dueBy: Date = at) {
    return this.deliveries
      .createQueryBuilder('d')
      .where('d.status = :pending', { pending: 'pending' })
      .andWhere('d.nextAttemptAt <= :dueBy', { dueBy })
      .andWhere(
        new Brackets((q) =>
          q.where('d.lockedUntil IS NULL').orWhere('d.lockedUntil < :at', { at }),
        ),
      );
  }

  /** One conditional UPDATE: the worker whose update matched the row owns this attempt. */
  private async claim(id: string, at: Date): Promise<boolean> {
    const lockedUntil = new Date(at.getTime() + this.config.callbackTimeoutMs + CLAIM_MARGIN_MS);
    const result = await this.deliveries
      .createQueryBuilder()
      .update(CallbackDelivery)
      .set({ lockedUntil })
      .where('id = :id', { id })
      .andWhere('status = :pending', { pending: 'pending' })
      .andWhere('next_attempt_at <= :at', { at })
      .andWhere(
        new Brackets((q) => q.where('locked_until IS NULL').orWhere('locked_until < :at', { at })),
      )
      .execute();
    return result.affected === 1;
  }

  private start(delivery: CallbackDelivery, host: string): void {
    this.reserve(host);
    const done = this.attempt(delivery)
      .catch((error: Error) =>
        // The claim expires and the row is tried again; nothing is lost.
        this.logger.error(`Callback ${delivery.id} could not be recorded: ${error.message}`),
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.unreserve(host);
        this.consumption?.wake(); // a slot is free
      });
    this.inFlight.set(delivery.id, { host, done });
  }

  private reserve(host: string): void {
    this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
  }

  private unreserve(host: string): void {
    const left = (this.perHost.get(host) ?? 1) - 1;
    if (left > 0) this.perHost.set(host, left);
    else this.perHost.delete(host);
  }

  /** Sends one attempt, records it and moves the row on: delivered, rescheduled or failed. */
  private async attempt(delivery: CallbackDelivery): Promise<void> {
    const number = delivery.attempts + 1;
    const startedAt = now();
    const sent = await this.send(delivery);
    if (!sent) {
      // Cut by shutdown: not an attempt. Release the claim so the row goes out again soon.
      await this.deliveries.update(
        { id: delivery.id, attempts: delivery.attempts },
        { lockedUntil: null },
      );
      return;
    }
    const { outcome } = sent;
    await this.attempts.insert({
      id: newId('dlv'),
      deliveryId: delivery.id,
      executionId: delivery.executionId,
      endpointId: delivery.endpointId,
      url: sent.url,
      event: delivery.event,
      attempt: number,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt ?? null,
      createdAt: startedAt,
    });
    const delay = outcome.retryable ? retryDelayMs(number, this.config.callbackRetryBaseMs) : null;
    const finishedAt = now();
    const status = outcome.error === null ? 'delivered' : delay === null ? 'failed' : 'pending';
    await this.deliveries.update(
      // Guarded by the attempt count: a row taken over after an expired claim is not rewound.
      { id: delivery.id, attempts: delivery.attempts },
      {
        status,
        attempts: number,
        nextAttemptAt: delay === null ? finishedAt : new Date(finishedAt.getTime() + delay),
        lockedUntil: null,
        updatedAt: finishedAt,
      },
    );
    this.metrics.deliveryAttempt(status === 'pending' ? 'retrying' : status);
    if (delivery.endpointId && outcome.error !== 'endpoint_disabled') {
      await this.endpoints.record(
        delivery.accountId,
        delivery.endpointId,
        outcome.error === null,
        finishedAt,
      );
    }
    if (delay === null) return;
    await this.consumption?.retry({ deliveryId: delivery.id, attempt: number + 1 }, delay);
  }

  /** One attempt of a row: the outcome (null when cut by shutdown) and the URL it went to. */
  private async send(
    delivery: CallbackDelivery,
  ): Promise<{ outcome: AttemptOutcome; url: string } | null> {
    if (delivery.endpointId) return this.sendToEndpoint(delivery, delivery.endpointId);
    const outcome = await this.sendCallback(delivery);
    return outcome && { outcome, url: delivery.url };
  }

  /**
   * An event to a webhook endpoint: to its current URL, signed with its current secret (and
   * the previous one during the overlap after a rotation). A deleted or disabled endpoint
   * gets nothing: the row fails with `endpoint_disabled`.
   */
  private async sendToEndpoint(
    delivery: CallbackDelivery,
    endpointId: string,
  ): Promise<{ outcome: AttemptOutcome; url: string } | null> {
    let target: Awaited<ReturnType<EndpointHealth['target']>>;
    try {
      target = await this.endpoints.target(delivery.accountId, endpointId);
    } catch (error) {
      this.logger.error(`Secret of endpoint ${endpointId} unreadable: ${(error as Error).message}`);
      const outcome = { statusCode: null, error: 'signing_failed' as const, retryable: true };
      return { outcome: { ...outcome, durationMs: 0 }, url: delivery.url };
    }
    if (!target) {
      const outcome = { statusCode: null, error: 'endpoint_disabled' as const, retryable: false };
      return { outcome: { ...outcome, durationMs: 0 }, url: delivery.url };
    }
    const outcome = await this.sender.send(
      {
        id: delivery.payload.id,
        url: target.url,
        body: JSON.stringify(delivery.payload),
        secret: target.secret,
        previousSecrets: target.previousSecrets,
      },
      this.cutOff.signal,
    );
    return outcome && { outcome, url: target.url };
  }

  private async sendCallback(delivery: CallbackDelivery): Promise<AttemptOutcome | null> {
    // The account's current secret, read at every attempt: a rotation applies at once.
    const account = await this.accounts.findOneBy({ id: delivery.accountId });
    let secret: string | null;
    try {
      secret = account ? this.accountsService.signingSecret(account) : null;
    } catch (error) {
      // Sealed under another SECRET_KEY: never fall back to sending unsigned.
      this.logger.error(
        `Signing secret of ${delivery.accountId} unreadable: ${(error as Error).message}`,
      );
      return { statusCode: null, error: 'signing_failed', retryable: true, durationMs: 0 };
    }
    return this.sender.send(
      { id: delivery.id, url: delivery.url, body: JSON.stringify(delivery.payload), secret },
      this.cutOff.signal,
    );
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
