import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/auth.decorators';
import { KindRegistry } from '../kinds/kind-registry';

export class AgentKindResponse {
  @ApiProperty({ example: 'lead-qualification' })
  kind: string;

  @ApiProperty({ example: 'Scores a lead and says whether it qualifies.' })
  description: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "JSON Schema of the agent `config`, from the kind's config class (also in this document's `components.schemas`, under the class's name); the API validates the config with the same class on create and update",
  })
  config_schema: Record<string, unknown>;
}

export class AgentKindListResponse {
  @ApiProperty({ type: AgentKindResponse, isArray: true })
  data: AgentKindResponse[];
}

/** `GET /v2/agent-kinds`: the kinds an agent can be created with. */
@Controller('agent-kinds')
@ApiTags('Agents')
export class AgentKindsController {
  constructor(private readonly kinds: KindRegistry) {}

  @Get()
  @RequireScope('agents:read')
  @ApiOperation({
    operationId: 'listAgentKinds',
    summary: 'The registered agent kinds and the schema of their config',
  })
  @ApiOkResponse({ type: AgentKindListResponse })
  list(): AgentKindListResponse {
    return {
      data: this.kinds.all().map((kind) => ({
        kind: kind.name,
        description: kind.description,
        config_schema: kind.configSchema as Record<string, unknown>,
      })),
    };
  }
}
