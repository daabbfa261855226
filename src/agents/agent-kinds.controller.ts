import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/auth.decorators';
import { KindRegistry } from '../kinds/kind-registry';
import { standaloneSchema } from '../kinds/standalone-schema';

export class AgentKindResponse {
  @ApiProperty({ example: 'lead-qualification' })
  kind: string;

  @ApiProperty({ example: 'Scores a lead and says whether it qualifies.' })
  description: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "JSON Schema (2020-12) of the agent `config`, from the kind's config class (also in this document's `components.schemas`, under the class's name); the API validates the config with the same class on create and update. It stands alone: the schemas it refers to are in its own `$defs`, referred to as `#/$defs/<Name>`",
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
  /** The answer, built once: the kinds are registered at startup and never change. */
  private answer?: AgentKindListResponse;

  constructor(private readonly kinds: KindRegistry) {}

  @Get()
  @RequireScope('agents:read')
  @ApiOperation({
    operationId: 'listAgentKinds',
    summary: 'The registered agent kinds and the schema of their config',
  })
  @ApiOkResponse({ type: AgentKindListResponse })
  list(): AgentKindListResponse {
    if (this.answer) return this.answer;
    const kinds = this.kinds.all();
    // A kind's schema may name another kind's (a workflow's steps name every kind's config).
    const components = Object.assign({}, ...kinds.map((kind) => kind.schemas));
    const answer = {
      data: kinds.map((kind) => ({
        kind: kind.name,
        description: kind.description,
        config_schema: standaloneSchema(kind.configSchema, components),
      })),
    };
    this.answer = answer;
    return answer;
  }
}
