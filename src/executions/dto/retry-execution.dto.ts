import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Optional } from '../../agents/dto/agent-fields';

/**
 * `POST /v2/executions/:id/retry` (docs/api.md, Trigger and executions): no body, `{}`, or
 * `{"resume": true}`.
 */
export class RetryExecutionDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'Failed `workflow` executions only: start from the failed step, reusing the outputs of the steps that had completed (their `steps` entries are copied with `reused: true`)',
  })
  @Optional()
  @IsBoolean({ message: '$property must be a boolean' })
  resume?: boolean;
}
