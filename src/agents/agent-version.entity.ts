import { Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TimestampColumn } from '../database/columns';

/**
 * One version of an agent's config (the agent's `version`): written when the agent is
 * created (1) and on every change of its config. Never changed or deleted while the agent's
 * row exists, so an execution always finds the config of the version it was created with.
 */
@Entity('agent_versions')
export class AgentVersion {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 40 })
  agentId: string;

  @PrimaryColumn({ type: 'int' })
  version: number;

  @JsonColumn()
  config: Record<string, unknown>;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
