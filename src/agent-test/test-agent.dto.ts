import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { JsonObjectField, Optional } from '../agents/dto/agent-fields';

/** `POST /v2/agents/:id/test` (docs/workflows.md, The definition). */
export class TestAgentDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The input of the test run',
    example: { email: 'jane@acme.io', company: 'Acme', message: 'Pricing?' },
  })
  @IsDefined({ message: 'input is required' })
  @JsonObjectField()
  input: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "A config to run instead of the agent's (checked as on create: 400 at its field)",
  })
  @Optional()
  @JsonObjectField()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Workflow agents: `{<step id>: output}`; a mocked step is not run and yields it',
    example: { post_to_crm: { status_code: 201, headers: {}, body: { id: 'crm_1' } } },
  })
  @Optional()
  @JsonObjectField()
  mocks?: Record<string, unknown>;
}
