import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScope, type AuthContext } from '../auth/auth.decorators';
import { AgentTestResponse } from './agent-test.response';
import { AgentTestResult, AgentTestService } from './agent-test.service';
import { TestAgentDto } from './test-agent.dto';
import type { Request } from 'express';
import { traceContextOf } from '../tracing/tracing';

/** `POST /v2/agents/:id/test` (docs/workflows.md, The definition): an editor's "Run test". */
@Controller('agents')
@ApiTags('Agents')
export class AgentTestController {
  constructor(private readonly tests: AgentTestService) {}

  @Post(':id/test')
  @HttpCode(200)
  @RequireScope('agents:write')
  @ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' })
  @ApiOperation({
    operationId: 'testAgent',
    summary: 'Run a config on an input at once, without creating an execution',
    description:
      "Runs `config` (default: the agent's current one) on `input`, bounded by the agent's `timeout_ms`. An invalid `config` is 400 as on create. Workflow agents: `mocks` replace the outputs of the steps they name, and nothing is checkpointed. Other kinds run once (`steps: []`). When the agent's config or the one given references `{{secrets.NAME}}`, the route needs the `secrets:use` scope (a dashboard session: the owner role): else 403 `forbidden` with `field` the path of the reference. A test run is a run: counted against the rate limits, and past the plan's runs at once in flight it is 429 `rate_limited`.",
  })
  @ApiOkResponse({ type: AgentTestResponse })
  test(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: TestAgentDto,
    @Req() req: Request,
  ): Promise<AgentTestResult> {
    return this.tests.test(auth, id, body, traceContextOf(req));
  }
}
