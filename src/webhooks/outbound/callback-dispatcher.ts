import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ShutdownClock } from '../../common/shutdown';
import { now } from '../../common/time';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import {
  CALLBACK_QUEUE,
  type CallbackConsumer,
  type CallbackConsumption,
  type CallbackJob,
  type CallbackQueue,
  type PendingDelivery,
} from '../../queue/callback-queue';
import { CallbackAttempts } from './callback-attempts';
import type { CallbackDelivery } from './callback-delivery.entity';
import { DeliveryStore } from './delivery-store';

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
 * attempt (one attempt: CallbackAttempts). Nothing here runs inside an execution's run:
 * deliveries never block it.
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
    private readonly deliveries: DeliveryStore,
    private readonly attempts: CallbackAttempts,
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
    const due = await this.deliveries.due(at, at, Math.min(free * 4, 200), ['id', 'url']);
    for (const { id, url } of due) {
      if (this.stopped || this.inFlight.size >= this.config.callbackConcurrency) return;
      if (this.inFlight.has(id)) continue;
      const host = hostOf(url);
      if ((this.perHost.get(host) ?? 0) >= this.maxPerHost) continue;
      if (!(await this.claim(id, at))) continue; // another worker took it
      const delivery = await this.deliveries.load(id);
      if (delivery) this.start(delivery, host);
    }
  }

  /** Pending rows due by `dueBy` and not claimed, soonest due first. */
  pendingDue(dueBy: Date, limit: number): Promise<PendingDelivery[]> {
    return this.deliveries.due(now(), dueBy, limit, ['id', 'attempts', 'nextAttemptAt']);
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
    const row = await this.deliveries.peek(deliveryId);
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
      const delivery = await this.deliveries.load(row.id);
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

  /** Claims a due row for one attempt: the worker whose claim matched owns it. */
  private claim(id: string, at: Date): Promise<boolean> {
    const lockedUntil = new Date(at.getTime() + this.config.callbackTimeoutMs + CLAIM_MARGIN_MS);
    return this.deliveries.claim(id, at, lockedUntil);
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

  /** Sends one attempt (CallbackAttempts) and gives the row its next job when it is retried. */
  private async attempt(delivery: CallbackDelivery): Promise<void> {
    const retryIn = await this.attempts.run(delivery, this.cutOff.signal);
    if (retryIn === null) return;
    const next = delivery.attempts + 2;
    await this.consumption?.retry({ deliveryId: delivery.id, attempt: next }, retryIn);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
