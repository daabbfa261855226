import { shownStatus } from '../executions/execution.entity';
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { traceContextOf } from '../tracing/tracing';
import {
  ApiAcceptedResponse,
  ApiOperation,
  ApiParam,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { Optional } from '../agents/dto/agent-fields';
import { JsonObjectField } from '../agents/dto/agent-fields';
import { AgentsService } from '../agents/agents.service';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors.decorator';
import { ApiError } from '../common/api-error';
import { ExecutionIntakeService } from '../executions/execution-intake.service';

/** The payload a test webhook carries unless the request gives one. */
export const SAMPLE_WEBHOOK_INPUT = {
  email: 'jane@acme.io',
  name: 'Jane Doe',
  company: 'Acme',
  message: 'Interested in pricing for 50 seats',
};

export class TestWebhookDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'The payload to send; a sample lead when absent',
    example: SAMPLE_WEBHOOK_INPUT,
  })
  @Optional()
  @JsonObjectField()
  input?: Record<string, unknown>;
}

export class TestWebhookResult {
  @ApiProperty({ example: 'exe_01jd8z2c4v6b8n0m2k4j6h8g0f' })
  execution_id: string;

  @ApiProperty({ example: 'queued' })
  status: string;
}

/**
 * `POST /v2/agents/:id/test-webhook`: the dashboard's "Send test webhook". The payload goes
 * through the same intake as a request to the agent's webhook URL (source `webhook`, queued,
 * run by the worker); the sender authentication of the webhook is replaced by the caller's
 * own (session or API key with `agents:trigger`), so it works whatever the agent's webhook
 * security, and without the browser having to reach the webhook listener's port.
 */
@Controller('agents')
@ApiTags('Agents')
export class TestWebhookController {
  constructor(
    private readonly agents: AgentsService,
    private readonly intake: ExecutionIntakeService,
  ) {}

  @Post(':id/test-webhook')
  @HttpCode(202)
  @RequireScope('agents:trigger')
  @ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' })
  @ApiOperation({
    operationId: 'sendTestWebhook',
    summary: "Send a sample payload through the agent's webhook",
    description:
      'Queues an execution exactly as a webhook delivery would (`source: "webhook"`), with the given input or a sample lead. A paused agent is 409 `agent_paused`.',
  })
  @ApiAcceptedResponse({ type: TestWebhookResult })
  @ApiErrors('agent_paused')
  async send(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: TestWebhookDto,
    @Req() req: Request,
  ): Promise<TestWebhookResult> {
    const agent = await this.agents.findOwned(account.id, id);
    if (agent.status === 'paused') {
      throw new ApiError('agent_paused', 'The agent is paused and accepts no triggers');
    }
    const { execution } = await this.intake.submit({
      agent,
      input: body?.input ?? SAMPLE_WEBHOOK_INPUT,
      source: 'webhook',
      idempotencyKey: null,
      requestHash: null,
      dispatch: true,
      trace: traceContextOf(req),
    });
    return { execution_id: execution.id, status: shownStatus(execution.status) };
  }
}
