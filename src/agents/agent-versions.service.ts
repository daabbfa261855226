import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Agent } from './agent.entity';
import { AgentVersion } from './agent-version.entity';

/** Versions kept in memory; a version never changes, so an entry never goes stale. */
const MAX_CACHED = 1000;

/**
 * Reads the config of an agent's versions (the agent's `version`, the execution's `agent_version`).
 * An execution runs the version current when it was created: almost always the agent's current one
 * (no query), else the stored version (one query, then kept: versions are immutable).
 */
@Injectable()
export class AgentVersions {
  private readonly cache = new Map<string, AgentVersion>();

  constructor(
    @InjectRepository(AgentVersion) private readonly versions: Repository<AgentVersion>,
  ) {}

  /** The config of `agent`'s version `version`, or null when there is no such version. */
  async config(agent: Agent, version: number): Promise<Record<string, unknown> | null> {
    if (version === agent.version) return agent.config ?? {};
    return (await this.find(agent.id, version))?.config ?? null;
  }

  /** One stored version, or null. */
  async find(agentId: string, version: number): Promise<AgentVersion | null> {
    const key = `${agentId}:${version}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const row = await this.versions.findOneBy({ agentId, version });
    if (row) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, row);
    }
    return row;
  }
}
