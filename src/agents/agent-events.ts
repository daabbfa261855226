import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import type { SubscribableEvent } from '../events/event-types';
import { EVENT_WRITER, type EventWriter } from '../events/event-writer';
import type { Agent } from './agent.entity';
import { toAgentDetail } from './agent.response';
import { AgentStats, AgentStatsService } from './agent-stats.service';

/** Changes that show in the agent's detail, and so make an `agent.updated`. */
const VISIBLE: (keyof Agent)[] = [
  'name',
  'config',
  'webhookAuth',
  'webhookSignatureFormats',
  'timeoutMs',
  'webhookId',
];

/**
 * The agent events a change makes (docs/api.md, Webhook endpoints and events), before filtering by
 * subscription.
 */
export function agentEventTypes(before: Agent, changes: Partial<Agent>): SubscribableEvent[] {
  if (changes.deletedAt) return ['agent.deleted'];
  const types: SubscribableEvent[] = [];
  if (changes.status !== undefined && changes.status !== before.status) {
    types.push(changes.status === 'paused' ? 'agent.paused' : 'agent.resumed');
  }
  if (VISIBLE.some((key) => changes[key] !== undefined)) types.push('agent.updated');
  return types;
}

/**
 * Agent events for webhook endpoints: which ones an account wants (nothing to do, and no
 * transaction, for accounts without endpoints) and their outbox rows, written in the
 * transaction of the change through the EVENT_WRITER port (the outbox is webhooks/', above). `data` is the agent's detail as `GET /v2/agents/:id` shows it.
 */
@Injectable()
export class AgentEvents {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_WRITER) private readonly outbox: EventWriter,
    private readonly stats: AgentStatsService,
  ) {}

  /** Of `types`, those an endpoint of the account wants. */
  async wanted(accountId: string, types: SubscribableEvent[]): Promise<SubscribableEvent[]> {
    if (types.length === 0) return types;
    const subscriptions = await this.outbox.load([accountId]);
    return types.filter((type) => subscriptions.wants(accountId, type));
  }

  /** The agent's counters, read before the transaction that writes its events. */
  async statsOf(agentId: string): Promise<AgentStats> {
    return (await this.stats.forAgents([agentId])).get(agentId)!;
  }

  /** Writes the events of `agent` (as changed) with `manager`; returns the rows written. */
  enqueue(
    manager: EntityManager,
    agent: Agent,
    types: SubscribableEvent[],
    stats: AgentStats,
  ): Promise<number> {
    const data = toAgentDetail({ agent, stats }, this.config.webhookBaseUrl) as unknown as Record<
      string,
      unknown
    >;
    return this.outbox.enqueue(
      manager,
      types.map((type) => ({ accountId: agent.accountId, type, data, executionId: null })),
    );
  }

  wake(): void {
    this.outbox.wake();
  }
}
