import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Model tokens an account used, by UTC day and model: one row per (account, day, model),
 * incremented by the usage meter (`usage-meter.ts`) after `llm` steps' model calls. Read by
 * `GET /v2/usage` and by the monthly allowance check. Rows outlive the executions that made
 * them (retention does not touch them).
 */
@Entity('model_usage')
export class ModelUsage {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  /** `YYYY-MM-DD` (UTC). */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  /** The model the request named (at most 200 characters). */
  @PrimaryColumn({ type: 'varchar', length: 200 })
  model: string;

  @Column({ name: 'prompt_tokens', type: 'bigint', default: 0 })
  promptTokens: string;

  @Column({ name: 'completion_tokens', type: 'bigint', default: 0 })
  completionTokens: string;

  /** Model calls, answered or not. */
  @Column({ type: 'int', default: 0 })
  calls: number;

  /** Calls the provider did not answer (network error, timeout, 5xx after the retries). */
  @Column({ type: 'int', default: 0 })
  errors: number;
}
