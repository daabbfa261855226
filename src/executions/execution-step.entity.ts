import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn } from '../database/columns';

/**
 * One step record of a workflow execution (`steps`, docs/workflows.md, The definition): the
 * checkpoint that makes a finished step never run again, and what the execution record lists.
 * `step_id` is the record id (`q[3]` inside a foreach); `position` the order the steps started in
 * (rewritten when the run ends; during a run, the order they finished in).
 */
@Entity('execution_steps')
export class ExecutionStep {
  @PrimaryColumn({ name: 'execution_id', type: 'varchar', length: 40 })
  executionId: string;

  @PrimaryColumn({ name: 'step_id', type: 'varchar', length: 200 })
  stepId: string;

  @Column({ type: 'int' })
  position: number;

  @JsonColumn()
  record: Record<string, unknown>;
}
