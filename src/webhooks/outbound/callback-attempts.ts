import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Account } from '../../auth/account.entity';
import { AccountsService } from '../../auth/accounts.service';
import { now } from '../../common/time';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import { MetricsService } from '../../metrics/metrics.service';
import { tracing, type TraceContext } from '../../tracing/tracing';
import type { CallbackDelivery } from './callback-delivery.entity';
import { AttemptOutcome, CallbackSender } from './callback-sender';
import { DeliveryStore } from './delivery-store';
import { EndpointHealth } from './endpoint-health';
import { retryDelayMs } from './retry-schedule';

/**
 * One attempt of an outbox row the CallbackDispatcher claimed: to an execution's callback URL
 * signed with the account's secret, or to a webhook endpoint's current URL with its secrets;
 * recorded as a `delivery_attempts` row, then the row delivered, rescheduled on the retry
 * schedule or failed, and the endpoint's health updated.
 */
@Injectable()
export class CallbackAttempts {
  private readonly logger = new Logger('CallbackDispatcher');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: DeliveryStore,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly accountsService: AccountsService,
    private readonly sender: CallbackSender,
    private readonly endpoints: EndpointHealth,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Sends one attempt of a claimed row, records it and moves the row on: delivered,
   * rescheduled or failed. Resolves the delay before the next attempt when the row was
   * rescheduled, else null (also when `cutOff` stopped the attempt: the claim is released
   * unrecorded).
   */
  async run(delivery: CallbackDelivery, cutOff: AbortSignal): Promise<number | null> {
    const number = delivery.attempts + 1;
    const startedAt = now();
    const sent = await this.traced(delivery, number, (trace) => this.send(delivery, cutOff, trace));
    if (!sent) {
      // Cut by shutdown: not an attempt. Release the claim so the row goes out again soon.
      await this.deliveries.release(delivery);
      return null;
    }
    const { outcome } = sent;
    const delay = outcome.retryable ? retryDelayMs(number, this.config.callbackRetryBaseMs) : null;
    const finishedAt = now();
    const status = outcome.error === null ? 'delivered' : delay === null ? 'failed' : 'pending';
    await this.deliveries.settle(
      delivery,
      {
        url: sent.url,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.responseExcerpt ?? null,
        createdAt: startedAt,
      },
      status,
      delay === null ? finishedAt : new Date(finishedAt.getTime() + delay),
      finishedAt,
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
    return delay;
  }

  /**
   * Tracing on: the attempt as a span in the trace of the execution it reports (its client
   * span beneath, its child through `send`'s context), or in a trace of its own for a row of
   * no execution.
   */
  private async traced<T extends { outcome: AttemptOutcome } | null>(
    delivery: CallbackDelivery,
    attempt: number,
    send: (trace?: TraceContext) => Promise<T>,
  ): Promise<T> {
    const traces = tracing();
    if (!traces) return send();
    const traceParent = delivery.executionId
      ? await this.deliveries.traceParentOf(delivery.executionId)
      : null;
    return traces.delivery(
      traceParent,
      {
        event: delivery.event,
        deliveryId: delivery.id,
        executionId: delivery.executionId,
        endpointId: delivery.endpointId,
        attempt,
      },
      send,
      (sent) => sent?.outcome.error ?? null,
    );
  }

  /** One attempt of a row: the outcome (null when cut by shutdown) and the URL it went to. */
  private async send(
    delivery: CallbackDelivery,
    cutOff: AbortSignal,
    trace?: TraceContext,
  ): Promise<{ outcome: AttemptOutcome; url: string } | null> {
    if (delivery.endpointId) {
      return this.sendToEndpoint(delivery, delivery.endpointId, cutOff, trace);
    }
    const outcome = await this.sendCallback(delivery, cutOff, trace);
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
    cutOff: AbortSignal,
    trace?: TraceContext,
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
      cutOff,
      trace,
    );
    return outcome && { outcome, url: target.url };
  }

  private async sendCallback(
    delivery: CallbackDelivery,
    cutOff: AbortSignal,
    trace?: TraceContext,
  ): Promise<AttemptOutcome | null> {
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
      cutOff,
      trace,
    );
  }
}
