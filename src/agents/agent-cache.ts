import { LocalBus } from '../runner/local-bus';

/**
 * LocalBus event: an agent was changed or deleted (payload: its id). Emitted by AgentsService
 * after the change is committed; caches of agents drop it. Across processes the same event
 * may travel through Redis (issue 9); without that, other processes see the change once their
 * cached copy expires (AGENT_CACHE_TTL_MS, 2 s by default).
 */
export const AGENT_CHANGED = 'agent:changed';

interface Entry<T> {
  value: T;
  agentId: string;
  expiresAt: number;
}

/** At most this many entries; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * A small read-through cache of agent lookups (by webhook id) for the hot path of the inbound
 * webhook. An entry lives `ttlMs`; a change made in this process evicts it at once (through
 * the bus), and a lookup that was running while a change happened does not store its result,
 * so a stale row is never cached after the change. Misses are not cached.
 */
export class AgentCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped by every change: a lookup that started before it may have read the old row. */
  private generation = 0;
  private readonly onChanged = (agentId: string) => this.evictAgent(agentId);

  constructor(
    private readonly ttlMs: number,
    private readonly bus: LocalBus,
  ) {
    if (ttlMs > 0) bus.on(AGENT_CHANGED, this.onChanged);
  }

  /** The cached value of `key`, or the one `load` finds (stored unless null). */
  async get(
    key: string,
    load: () => Promise<T | null>,
    agentIdOf: (value: T) => string,
  ): Promise<T | null> {
    if (this.ttlMs <= 0) return load();
    const at = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > at) return entry.value;
    if (entry) this.entries.delete(key);
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      this.entries.set(key, { value, agentId: agentIdOf(value), expiresAt: at + this.ttlMs });
    }
    return value;
  }

  evictAgent(agentId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (entry.agentId === agentId) this.entries.delete(key);
    }
  }

  close(): void {
    this.bus.off(AGENT_CHANGED, this.onChanged);
    this.entries.clear();
  }
}
