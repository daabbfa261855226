import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../common/api-error';
import { now } from '../common/time';
import { transactionWithRetry } from '../database/transactions';
import { LocalBus } from '../queue/local-bus';
import { Agent } from './agent.entity';
import { AgentVersion } from './agent-version.entity';
import type { AgentStats } from './agent-stats.service';
import { AgentEvents, agentEventTypes } from './agent-events';

/** What an update may change (the kind is fixed at creation; config changes add a version). */
export type AgentChanges = Partial<
  Omit<Agent, 'id' | 'accountId' | 'kind' | 'createdAt' | 'version'>
>;

/** The counters of an agent that has no executions yet. */
export const NO_STATS: AgentStats = { executionsToday: 0, successRate: 0 };

/**
 * Every write of an agent row (AgentsService decides what to write): each with its version
 * row when the config changes, its agent events in the same transaction when an endpoint of
 * the account wants them (AgentEvents), and `agent.changed` on the bus afterwards, so that the
 * caches of agents drop their copy.
 */
@Injectable()
export class AgentWrites {
  constructor(
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    private readonly dataSource: DataSource,
    private readonly bus: LocalBus,
    private readonly events: AgentEvents,
  ) {}

  /** Inserts a new agent and its version 1 (with `agent.created`). */
  async insert(agent: Agent): Promise<void> {
    const events = await this.events.wanted(agent.accountId, ['agent.created']);
    await transactionWithRetry(this.dataSource, async (manager) => {
      // A copy: on MySQL the insert merges the stored form of defaulted columns back into the
      // object it is given (a comma-joined `webhook_signature_formats` for the list).
      await manager.insert(Agent, { ...agent } as QueryDeepPartialEntity<Agent>);
      await manager.insert(AgentVersion, versionRow(agent.id, 1, agent.config, agent.createdAt));
      if (events.length > 0) await this.events.enqueue(manager, agent, events, NO_STATS);
    });
    if (events.length > 0) this.events.wake();
  }

  /**
   * Writes `changes` (and `updated_at`) unless the agent was deleted meanwhile (then 404),
   * then tells this process's caches of agents (`agent.changed` on the bus).
   */
  async change(agent: Agent, changes: AgentChanges): Promise<Agent> {
    const updated = { ...changes, updatedAt: now() };
    const where = { id: agent.id, accountId: agent.accountId, deletedAt: IsNull() };
    const events = await this.events.wanted(agent.accountId, agentEventTypes(agent, changes));
    let affected: number | undefined;
    if (events.length === 0) {
      affected = (await this.agents.update(where, updated as QueryDeepPartialEntity<Agent>))
        .affected;
    } else {
      // With its events, in one transaction (only for accounts with webhook endpoints).
      const stats = await this.events.statsOf(agent.id);
      affected = await transactionWithRetry(this.dataSource, async (manager) => {
        const result = await manager.update(Agent, where, updated as QueryDeepPartialEntity<Agent>);
        if (result.affected !== 1) return result.affected;
        // A deleted agent is shown as it was (its webhook id was just replaced by a dead one).
        const shown = changes.deletedAt ? agent : { ...agent, ...updated };
        await this.events.enqueue(manager, shown, events, stats);
        return 1;
      });
      this.events.wake();
    }
    this.bus.emit('agent.changed', agent.id);
    if (affected === 0) throw ApiError.notFound('Agent');
    return Object.assign(agent, updated);
  }

  /**
   * A new config: the next version, stored with it, and the other `changes`, in one
   * transaction conditional on the version read (a concurrent config change is 409; a
   * deletion meanwhile, 404).
   */
  async changeConfig(
    agent: Agent,
    config: Record<string, unknown>,
    changes: AgentChanges,
  ): Promise<Agent> {
    const at = now();
    const version = agent.version + 1;
    const updated = { ...changes, config, version, updatedAt: at };
    const events = await this.events.wanted(agent.accountId, agentEventTypes(agent, updated));
    const stats = events.length > 0 ? await this.events.statsOf(agent.id) : null;
    const live = { id: agent.id, accountId: agent.accountId, deletedAt: IsNull() };
    const applied = await transactionWithRetry(this.dataSource, async (manager) => {
      const result = await manager.update(
        Agent,
        { ...live, version: agent.version },
        updated as QueryDeepPartialEntity<Agent>,
      );
      if (result.affected !== 1) return false;
      await manager.insert(AgentVersion, versionRow(agent.id, version, config, at));
      if (stats) await this.events.enqueue(manager, { ...agent, ...updated }, events, stats);
      return true;
    });
    if (stats) this.events.wake();
    this.bus.emit('agent.changed', agent.id);
    if (!applied) {
      if (!(await this.agents.existsBy(live))) throw ApiError.notFound('Agent');
      throw ApiError.conflict('The agent was changed concurrently; read it again and retry');
    }
    return Object.assign(agent, updated);
  }
}

/** A row of `agent_versions` as TypeORM's insert takes it (a JSON column is a plain object). */
function versionRow(
  agentId: string,
  version: number,
  config: Record<string, unknown>,
  createdAt: Date,
): QueryDeepPartialEntity<AgentVersion> {
  return { agentId, version, config, createdAt } as QueryDeepPartialEntity<AgentVersion>;
}
