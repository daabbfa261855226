import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { growingLru } from '../../common/growing-lru';
import { DataSource, EntityManager, In } from 'typeorm';
import { LocalBus } from '../../queue/local-bus';
import {
  ALL_EVENTS,
  DEPRECATED_EVENT_ALIASES,
  type DeprecatedEvent,
  type SubscribableEvent,
} from '../../events/event-types';
import type { AccountSubscriptions } from '../../events/event-writer';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** An enabled endpoint, as the event writers need it. */
export interface Subscriber {
  id: string;
  url: string;
  /** Null: every event (`*`). The current names, deprecated aliases resolved. */
  events: ReadonlySet<string> | null;
  /** The events it receives under a deprecated alias (subscribed by that name only). */
  aliases?: ReadonlyMap<SubscribableEvent, DeprecatedEvent>;
}

/** A stored subscription as the writers use it: aliases resolved to the events they name. */
export function subscriber(row: { id: string; url: string; events: string[] }): Subscriber {
  if (row.events.includes(ALL_EVENTS)) return { id: row.id, url: row.url, events: null };
  const events = new Set(row.events);
  const aliases = new Map<SubscribableEvent, DeprecatedEvent>();
  for (const [alias, current] of Object.entries(DEPRECATED_EVENT_ALIASES)) {
    if (!events.has(alias) || events.has(current)) continue;
    events.add(current);
    aliases.set(current, alias as DeprecatedEvent);
  }
  return { id: row.id, url: row.url, events, ...(aliases.size > 0 ? { aliases } : {}) };
}

/** The endpoints of some accounts, as one `load` found them. */
export class Subscriptions implements AccountSubscriptions {
  constructor(private readonly byAccount: ReadonlyMap<string, readonly Subscriber[]>) {}

  /** The endpoints of `accountId` that want `type` (none for an account not loaded). */
  of(accountId: string, type: SubscribableEvent): readonly Subscriber[] {
    const subscribers = this.byAccount.get(accountId);
    if (!subscribers || subscribers.length === 0) return [];
    return subscribers.filter((s) => s.events === null || s.events.has(type));
  }

  wants(accountId: string, type: SubscribableEvent): boolean {
    return this.of(accountId, type).length > 0;
  }
}

/** Accounts kept; the least recently used go first. */
const MAX_ACCOUNTS = 50_000;
/**
 * An entry's life when no change signal reaches this process (a lost pub/sub message):
 * changes made anywhere evict at once through `endpoints.changed`.
 */
const TTL_MS = 30_000;

/**
 * The enabled webhook endpoints of each account, cached, so that writing a state change asks
 * "does anyone listen?" without a query: an account without endpoints costs one map lookup
 * (its empty list is cached too). `load` answers with what it found (Subscriptions), which
 * its caller uses for the whole change. A change of an account's endpoints (`changed`, after the
 * commit) evicts it here and, through Redis, in the other processes; a load that ran while a
 * change happened does not store its result. While the bus does not hear the other processes
 * (REDIS_URL set, not subscribed to their signals) nothing is stored, and every entry is
 * dropped when that starts or ends (as AgentCache does).
 */
@Injectable()
export class EndpointSubscriptions implements OnModuleDestroy {
  private readonly entries = growingLru<string, Subscriber[]>(MAX_ACCOUNTS, { ttl: TTL_MS });
  private generation = 0;
  private readonly onChanged = (accountId: string) => {
    this.generation++;
    this.entries.delete(accountId);
  };
  private readonly onHeard = () => {
    this.generation++;
    this.entries.clear();
  };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: LocalBus,
  ) {
    bus.on('endpoints.changed', this.onChanged);
    bus.on('others.heard', this.onHeard);
  }

  onModuleDestroy(): void {
    this.bus.off('endpoints.changed', this.onChanged);
    this.bus.off('others.heard', this.onHeard);
  }

  /** Tells every process that `accountId`'s endpoints changed (call after the commit). */
  changed(accountId: string): void {
    this.bus.emit('endpoints.changed', accountId);
  }

  /**
   * The subscriptions of `accountIds`: those cached, and the others read in one query (and
   * cached, unless a change happened meanwhile or changes elsewhere go unheard). The answer
   * holds every account asked for, whatever the cache does afterwards (an expiry or a change
   * between this read and its use cannot make an account look unsubscribed). Inside a
   * transaction, pass its manager: on SQLite a statement from outside waits for the
   * transaction to end.
   */
  async load(accountIds: Iterable<string>, manager?: EntityManager): Promise<Subscriptions> {
    const byAccount = new Map<string, Subscriber[]>();
    const missing: string[] = [];
    for (const id of new Set(accountIds)) {
      const cached = this.entries.get(id);
      if (cached) byAccount.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return new Subscriptions(byAccount);
    const generation = this.generation;
    const rows = await this.repository(manager).find({
      select: { id: true, accountId: true, url: true, events: true },
      where: { accountId: In(missing), enabled: true },
    });
    for (const id of missing) byAccount.set(id, []);
    for (const row of rows) {
      byAccount.get(row.accountId)?.push(subscriber(row));
    }
    // Read before a change, or while changes elsewhere go unheard: used, not kept.
    if (generation === this.generation && this.bus.hearsOthers) {
      for (const id of missing) this.entries.set(id, byAccount.get(id)!);
    }
    return new Subscriptions(byAccount);
  }

  private repository(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(WebhookEndpoint);
  }
}
