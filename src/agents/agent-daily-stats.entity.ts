import { Entity, PrimaryColumn, Column } from 'typeorm';

/**
 * Per-agent counters by UTC day, written when an execution is created and when it
 * finishes, so that `executions_today` and `success_rate` never scan executions.
 */
@Entity('agent_daily_stats')
export class AgentDailyStats {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 40 })
  agentId: string;

  /** `YYYY-MM-DD` (UTC). */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int', default: 0 })
  created: number;

  @Column({ type: 'int', default: 0 })
  completed: number;

  @Column({ type: 'int', default: 0 })
  failed: number;
}
