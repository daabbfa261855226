import { ApiProperty } from '@nestjs/swagger';
import { ExecutionErrorItem } from '../executions/execution.response';
import { ExecutionStepItem } from '../executions/execution-step.response';

/** The answer of `POST /v2/agents/:id/test`: a run that created no execution. */
export class AgentTestResponse {
  @ApiProperty({ enum: ['completed', 'failed'], example: 'completed' })
  status: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    example: { qualified: true, score: 80 },
  })
  output: Record<string, unknown> | null;

  @ApiProperty({ type: ExecutionErrorItem, nullable: true, example: null })
  error: ExecutionErrorItem | null;

  @ApiProperty({
    type: [ExecutionStepItem],
    description: 'The steps of a workflow, in the order they started; `[]` for other kinds',
  })
  steps: ExecutionStepItem[];
}
