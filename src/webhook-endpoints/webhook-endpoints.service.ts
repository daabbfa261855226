import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { isIP } from 'node:net';
import { DataSource, In, LessThan, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../common/api-error';
import { newSigningSecret, SecretBox } from '../common/crypto';
import { newId } from '../common/ids';
import { isPublicAddress } from '../common/outbound/outbound-policy';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { CallbackDelivery } from '../webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from '../webhooks/outbound/delivery-attempt.entity';
import { DeliveryStore } from '../webhooks/outbound/delivery-store';
import { deliveryRow, EventOutbox } from '../webhooks/outbound/event-outbox';
import type { CreateWebhookEndpointDto } from './dto/create-webhook-endpoint.dto';
import { LIMIT_DEFAULT, type CursorPageQuery } from './dto/list-webhook-endpoints.query';
import type { UpdateWebhookEndpointDto } from './dto/update-webhook-endpoint.dto';
import { EndpointSubscriptions } from '../webhooks/outbound/endpoint-subscriptions';
import { ALL_EVENTS } from '../events/event-types';
import { WebhookEndpoint } from '../webhooks/outbound/webhook-endpoint.entity';
import { toWebhookEndpointResponse } from './webhook-endpoint.response';

/** Endpoints one account may have (as Stripe's 16, a little more). */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

export interface Page<T> {
  items: T[];
  meta: { limit: number; has_more: boolean; next_cursor: string | null };
}

/**
 * Webhook endpoints (docs/api.md, Webhook endpoints and events): CRUD, secret rotation, the test
 * ping, the delivery log and redelivery. Every change of an account's endpoints is announced after
 * its commit (EndpointSubscriptions.changed), so the event writers of every process see it at once.
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @InjectRepository(CallbackDelivery) private readonly deliveries: Repository<CallbackDelivery>,
    @InjectRepository(DeliveryAttempt) private readonly attempts: Repository<DeliveryAttempt>,
    private readonly box: SecretBox,
    private readonly subscriptions: EndpointSubscriptions,
    private readonly outbox: EventOutbox,
    private readonly store: DeliveryStore,
  ) {}

  async create(
    accountId: string,
    input: CreateWebhookEndpointDto,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    this.assertUrl(input.url);
    const count = await this.endpoints.countBy({ accountId });
    if (count >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw ApiError.conflict(
        `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first`,
      );
    }
    const secret = newSigningSecret();
    const at = now();
    const endpoint: WebhookEndpoint = {
      id: newId('wep'),
      accountId,
      url: input.url,
      description: input.description || null,
      events: normalizeEvents(input.events),
      enabled: input.enabled ?? true,
      disabledReason: null,
      secretEnc: this.box.seal(secret),
      previousSecretEnc: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: at,
      updatedAt: at,
    };
    await this.endpoints.insert(endpoint as QueryDeepPartialEntity<WebhookEndpoint>);
    this.subscriptions.changed(accountId);
    return { endpoint, secret };
  }

  /** Newest first, `limit` a page, after the cursor (the last id of the previous page). */
  async list(accountId: string, query: CursorPageQuery): Promise<Page<WebhookEndpoint>> {
    const limit = query.limit ?? LIMIT_DEFAULT;
    const rows = await this.endpoints.find({
      where: { accountId, ...(query.cursor ? { id: LessThan(query.cursor) } : {}) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    return page(rows, limit);
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findOneBy({ accountId, id });
    if (!endpoint) throw ApiError.notFound('Webhook endpoint');
    return endpoint;
  }

  async update(
    accountId: string,
    id: string,
    patch: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpoint> {
    if (Object.values(patch).every((value) => value === undefined)) {
      throw ApiError.invalid(
        'url',
        'The body must set at least one of: url, events, description, enabled',
      );
    }
    if (patch.url !== undefined) this.assertUrl(patch.url);
    const endpoint = await this.get(accountId, id);
    const changes: Partial<WebhookEndpoint> = { updatedAt: now() };
    if (patch.url !== undefined) changes.url = patch.url;
    if (patch.events !== undefined) changes.events = normalizeEvents(patch.events);
    if (patch.description !== undefined) changes.description = patch.description || null;
    if (patch.enabled !== undefined && patch.enabled !== endpoint.enabled) {
      changes.enabled = patch.enabled;
      // Enabled again: the failure clock starts afresh.
      changes.disabledReason = null;
      changes.failingSince = null;
    }
    const result = await this.endpoints.update(
      { accountId, id },
      changes as QueryDeepPartialEntity<WebhookEndpoint>,
    );
    this.subscriptions.changed(accountId);
    if (!result.affected) throw ApiError.notFound('Webhook endpoint');
    return Object.assign(endpoint, changes);
  }

  /** Deletes the endpoint and its delivery log; its pending deliveries are not sent. */
  async remove(accountId: string, id: string): Promise<void> {
    const deleted = await this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(WebhookEndpoint, { accountId, id });
      if (!result.affected) return false;
      await manager.delete(DeliveryAttempt, { endpointId: id });
      await manager.delete(CallbackDelivery, { endpointId: id });
      return true;
    });
    this.subscriptions.changed(accountId);
    if (!deleted) throw ApiError.notFound('Webhook endpoint');
  }

  /**
   * A new secret, returned only here. The current one becomes the previous one and keeps
   * signing (a second `v1,` signature) for ENDPOINT_SECRET_OVERLAP_MS (24 hours).
   */
  async rotateSecret(
    accountId: string,
    id: string,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.get(accountId, id);
    const secret = newSigningSecret();
    const at = now();
    const changes = {
      secretEnc: this.box.seal(secret),
      previousSecretEnc: endpoint.secretEnc,
      previousSecretExpiresAt: new Date(at.getTime() + this.config.endpointSecretOverlapMs),
      updatedAt: at,
    };
    // Conditional on the secret read: two rotations at once do not both keep the same old one.
    const result = await this.endpoints.update(
      { accountId, id, secretEnc: endpoint.secretEnc },
      changes,
    );
    if (!result.affected) {
      throw ApiError.conflict('The secret was rotated concurrently; try again');
    }
    return { endpoint: Object.assign(endpoint, changes), secret };
  }

  /** Sends a `ping` event to the endpoint now (whatever it subscribes to). */
  async test(accountId: string, id: string): Promise<CallbackDelivery> {
    const endpoint = await this.get(accountId, id);
    this.assertEnabled(endpoint);
    const at = now();
    const payload = {
      id: newId('evt'),
      type: 'ping' as const,
      created_at: at.toISOString(),
      data: toWebhookEndpointResponse(endpoint) as unknown as Record<string, unknown>,
    };
    const row = deliveryRow({ accountId, executionId: null }, endpoint, payload, at);
    await this.store.add([row]);
    this.outbox.wake();
    return row;
  }

  /** The endpoint's deliveries, newest first, each with its attempts (newest first). */
  async deliveriesOf(
    accountId: string,
    id: string,
    query: CursorPageQuery,
  ): Promise<Page<{ delivery: CallbackDelivery; attempts: DeliveryAttempt[] }>> {
    await this.get(accountId, id);
    const limit = query.limit ?? LIMIT_DEFAULT;
    const rows = await this.deliveries.find({
      where: { endpointId: id, ...(query.cursor ? { id: LessThan(query.cursor) } : {}) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    const { items, meta } = page(rows, limit);
    const attempts =
      items.length === 0
        ? []
        : await this.attempts.find({
            where: { deliveryId: In(items.map((row) => row.id)) },
            order: { createdAt: 'DESC', id: 'DESC' },
          });
    return {
      items: items.map((delivery) => ({
        delivery,
        attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      })),
      meta,
    };
  }

  /**
   * Sends a delivery's event again, as a new delivery with the same event (same `id` and
   * `webhook-id`, so a receiver that already has it can tell), to the endpoint's current URL.
   */
  async redeliver(accountId: string, id: string, deliveryId: string): Promise<CallbackDelivery> {
    const endpoint = await this.get(accountId, id);
    const original = await this.deliveries.findOneBy({ id: deliveryId, endpointId: id });
    if (!original) throw ApiError.notFound('Delivery');
    this.assertEnabled(endpoint);
    const row = deliveryRow(original, endpoint, original.payload, now());
    await this.store.add([row]);
    this.outbox.wake();
    return row;
  }

  private assertEnabled(endpoint: WebhookEndpoint): void {
    if (!endpoint.enabled) {
      throw ApiError.conflict('The webhook endpoint is disabled; enable it first');
    }
  }

  /**
   * Refuses at once what the outbound policy would refuse at every delivery: an IP literal
   * or `localhost` that is not public (unless OUTBOUND_ALLOW_PRIVATE). Names are resolved
   * (and checked again) when sending.
   */
  private assertUrl(url: string): void {
    if (this.config.outboundAllowPrivate) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const local = host === 'localhost' || host.endsWith('.localhost');
    if (local || (isIP(host) !== 0 && !isPublicAddress(host))) {
      throw ApiError.invalid(
        'url',
        'url must not point to a loopback, private, link-local or unspecified address',
      );
    }
  }
}

/** `["*"]` stands alone: with it, other types add nothing. */
function normalizeEvents(events: string[]): string[] {
  return events.includes(ALL_EVENTS) ? [ALL_EVENTS] : events;
}

function page<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    items,
    meta: { limit, has_more: hasMore, next_cursor: hasMore ? items[items.length - 1].id : null },
  };
}
