import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { AgentsService } from '../agents/agents.service';
import { FLOW_KEYS_LIMIT_DEFAULT, FlowKeysQuery } from './dto/flow-keys.query';
import { FlowGate } from './flow-gate';

export class FlowKeyItem {
  @ApiProperty({
    example: '"acme"',
    description:
      'The key as flow control compares it: the JSON text of its value (`null` for the null key), `sha256:<hex>` for one longer than 200 characters',
  })
  key: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Executions of the key `running`' })
  running: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Executions of the key `queued`, those held by flow control included',
  })
  queued: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Of the queued ones, those flow control holds back (the others wait for a worker)',
  })
  held: number;
}

export class FlowKeysMeta {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Keys with executions running or queued',
  })
  total: number;

  @ApiProperty({ type: 'integer', description: 'The `limit` applied' })
  limit: number;
}

export class FlowKeysResponse {
  @ApiProperty({
    type: [FlowKeyItem],
    description: 'The most queued first, then the most running, then by key',
  })
  data: FlowKeyItem[];

  @ApiProperty({ type: FlowKeysMeta })
  meta: FlowKeysMeta;
}

/**
 * `GET /v2/agents/:id/flow/keys` (docs/api.md, Flow control): what runs and waits per key of
 * an agent's flow control, for the dashboard's flow panel. Scope `agents:read`.
 */
@Controller()
@ApiTags('Agents')
export class FlowKeysController {
  constructor(
    private readonly agents: AgentsService,
    private readonly gate: FlowGate,
  ) {}

  @Get('agents/:id/flow/keys')
  @RequireScope('agents:read')
  @ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' })
  @ApiOperation({
    operationId: 'listFlowKeys',
    summary: "Running and queued executions per key of the agent's flow control",
    description:
      'The keys with executions `running` or `queued` (those held by flow control included), the most queued first; keys with neither are not listed. Executions created while the agent had no `flow` have no key and are not counted.',
  })
  @ApiOkResponse({ type: FlowKeysResponse })
  async list(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: FlowKeysQuery,
  ): Promise<FlowKeysResponse> {
    const agent = await this.agents.findOwned(account.id, id);
    const limit = query.limit ?? FLOW_KEYS_LIMIT_DEFAULT;
    const { keys, total } = await this.gate.keysOf(agent.id, limit);
    return { data: keys, meta: { total, limit } };
  }
}
