import type { LRUCache } from 'lru-cache';
import { growingLru } from '../common/growing-lru';
import { LocalBus } from '../queue/local-bus';

interface Entry<T> {
  value: T;
  agentId: string;
}

/** At most this many entries; the least recently used go first. */
const MAX_ENTRIES = 10_000;

/**
 * A small read-through cache of agent lookups (by webhook id) for the hot path of the inbound
 * webhook. An entry lives `ttlMs`; a change made in this process evicts it at once (through
 * the bus's `agent.changed`, emitted by AgentsService after the change is committed; with
 * REDIS_URL it reaches the other processes too, and where the message is lost the entry
 * expires after AGENT_CACHE_TTL_MS), and a lookup that was running while a change happened
 * does not store its result, so a stale row is never cached after the change. While the bus
 * does not hear the other processes (REDIS_URL set, not yet or no longer subscribed to their
 * signals) nothing is stored, and when that starts or ends every entry is dropped: a change
 * made elsewhere meanwhile would otherwise go unnoticed for the whole TTL. Misses are not
 * cached.
 */
export class AgentCache<T> {
  /** Expiry (`ttl`, not renewed by reads) and the size bound are lru-cache's. */
  private readonly entries: LRUCache<string, Entry<T>> | undefined;
  /** Bumped by every change: a lookup that started before it may have read the old row. */
  generation = 0;
  private readonly onChanged = (agentId: string) => this.evictAgent(agentId);
  private readonly onHeard = () => this.clear();

  constructor(
    ttlMs: number,
    private readonly bus: LocalBus,
  ) {
    if (ttlMs <= 0) return;
    this.entries = growingLru(MAX_ENTRIES, { ttl: ttlMs });
    bus.on('agent.changed', this.onChanged);
    bus.on('others.heard', this.onHeard);
  }

  /** The cached value of `key`, or the one `load` finds (stored unless null). */
  async get(
    key: string,
    load: () => Promise<T | null>,
    agentIdOf: (value: T) => string,
  ): Promise<T | null> {
    if (!this.entries) return load();
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    if (value !== null) this.put(key, value, agentIdOf(value), generation);
    return value;
  }

  /** The live cached value of `key`, if any. */
  peek(key: string): T | undefined {
    return this.entries?.get(key)?.value;
  }

  /**
   * Stores what a lookup found; `generation` is `this.generation` read before the lookup
   * started: if an agent changed since, the value may be stale and is not stored.
   */
  put(key: string, value: T, agentId: string, generation: number): void {
    if (!this.entries || generation !== this.generation || !this.bus.hearsOthers) return;
    this.entries.set(key, { value, agentId });
  }

  evictAgent(agentId: string): void {
    this.generation++;
    if (!this.entries) return;
    const keys = [...this.entries.entries()].filter(([, entry]) => entry.agentId === agentId);
    for (const [key] of keys) this.entries.delete(key);
  }

  /** Drops every entry; lookups running now do not store what they read. */
  clear(): void {
    this.generation++;
    this.entries?.clear();
  }

  close(): void {
    this.bus.off('agent.changed', this.onChanged);
    this.bus.off('others.heard', this.onHeard);
    this.clear();
  }
}
