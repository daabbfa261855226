import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { growingLru } from '../../common/growing-lru';
import { DataSource, EntityManager, In } from 'typeorm';
import { LocalBus } from '../../queue/local-bus';
import { ALL_EVENTS, type SubscribableEvent } from '../../events/event-types';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** An enabled endpoint, as the event writers need it. */
export interface Subscriber {
  id: string;
  url: string;
  /** Null: every event (`*`). */
  events: ReadonlySet<string> | null;
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
 * (its empty list is cached too). A change of an account's endpoints (`changed`, after the
 * commit) evicts it here and, through Redis, in the other processes; a load that ran while a
 * change happened does not store its result.
 */
@Injectable()
export class EndpointSubscriptions implements OnModuleDestroy {
  private readonly entries = growingLru<string, Subscriber[]>(MAX_ACCOUNTS, { ttl: TTL_MS });
  private generation = 0;
  private readonly onChanged = (accountId: string) => {
    this.generation++;
    this.entries.delete(accountId);
  };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: LocalBus,
  ) {
    bus.on('endpoints.changed', this.onChanged);
  }

  onModuleDestroy(): void {
    this.bus.off('endpoints.changed', this.onChanged);
  }

  /** Tells every process that `accountId`'s endpoints changed (call after the commit). */
  changed(accountId: string): void {
    this.bus.emit('endpoints.changed', accountId);
  }

  /**
   * Makes sure the accounts are cached (one query for those that are not). Inside a
   * transaction, pass its manager: on SQLite a statement from outside waits for the
   * transaction to end.
   */
  async load(accountIds: Iterable<string>, manager?: EntityManager): Promise<void> {
    const missing = [...new Set(accountIds)].filter((id) => !this.entries.has(id));
    if (missing.length === 0) return;
    const generation = this.generation;
    const rows = await this.repository(manager).find({
      select: { id: true, accountId: true, url: true, events: true },
      where: { accountId: In(missing), enabled: true },
    });
    if (generation !== this.generation) return; // read before a change: not kept
    const byAccount = new Map<string, Subscriber[]>(missing.map((id) => [id, []]));
    for (const row of rows) {
      byAccount.get(row.accountId)?.push({
        id: row.id,
        url: row.url,
        events: row.events.includes(ALL_EVENTS) ? null : new Set(row.events),
      });
    }
    for (const [accountId, subscribers] of byAccount) this.entries.set(accountId, subscribers);
  }

  /**
   * The endpoints of a cached account that want `type`; undefined when the account is not
   * cached (call `load` first).
   */
  peek(accountId: string, type: SubscribableEvent): Subscriber[] | undefined {
    const subscribers = this.entries.get(accountId);
    if (!subscribers) return undefined;
    if (subscribers.length === 0) return subscribers;
    return subscribers.filter((s) => s.events === null || s.events.has(type));
  }

  /** The endpoints of an account that want `type` (`manager`: as for `load`). */
  async subscribers(
    accountId: string,
    type: SubscribableEvent,
    manager?: EntityManager,
  ): Promise<Subscriber[]> {
    const cached = this.peek(accountId, type);
    if (cached) return cached;
    await this.load([accountId], manager);
    const loaded = this.peek(accountId, type);
    if (loaded) return loaded;
    // Changed while loading: read it without caching.
    const rows = await this.repository(manager).find({
      select: { id: true, url: true, events: true },
      where: { accountId, enabled: true },
    });
    return rows
      .filter((row) => row.events.includes(ALL_EVENTS) || row.events.includes(type))
      .map((row) => ({ id: row.id, url: row.url, events: null }));
  }

  private repository(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(WebhookEndpoint);
  }
}
