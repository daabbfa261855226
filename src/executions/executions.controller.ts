import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCallbacks,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { traceContextOf } from '../tracing/tracing';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { ListExecutionsQuery } from './dto/list-executions.query';
import { RetryExecutionDto } from './dto/retry-execution.dto';
import { TriggerAgentDto } from './dto/trigger-agent.dto';
import type { Execution } from './execution.entity';
import { ApiErrors } from '../common/api-errors.decorator';
import {
  CallbackPayload,
  ExecutionDetail,
  ExecutionListResponse,
  ExecutionResponse,
  toExecutionResponse,
  TriggerResultResponse,
} from './execution.response';
import { ExecutionsService, type ExecutionPage } from './executions.service';
import { PAGE_BUDGET_BYTES, sendPage, serialisePage } from '../common/json-page';
import { IDEMPOTENCY_KEY_MAX_LENGTH, TriggerResult, TriggerService } from './trigger.service';

export interface ExecutionList {
  data: ExecutionResponse[];
  meta: { limit: number; has_more: boolean; next_cursor: string | null };
}

/** The page budget, as the OpenAPI document says it. */
const PAGE_BUDGET_NOTE = `A page also ends early, after at least one item, once its items pass ${PAGE_BUDGET_BYTES / 1024 / 1024} MiB of JSON: \`has_more\` is then true and \`next_cursor\` fetches the rest.`;

const AgentIdParam = () => ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' });
const ExecutionIdParam = () => ApiParam({ name: 'id', description: 'Execution id (`exe_…`)' });
const LOCATION = {
  Location: { description: 'URL of the execution', schema: { type: 'string' } },
} as const;

/**
 * Trigger and execution routes (docs/api.md, Trigger and executions). Rules live in the services.
 */
@Controller()
@ApiTags('Executions')
@ApiExtraModels(CallbackPayload)
export class ExecutionsController {
  constructor(
    private readonly triggers: TriggerService,
    private readonly executions: ExecutionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('agents/:id/trigger')
  @RequireScope('agents:trigger')
  @ApiOperation({
    operationId: 'triggerAgent',
    summary: 'Trigger an agent with input data',
    description:
      'Creates an execution. Synchronous by default: waits up to SYNC_WAIT_MS and answers 200 with the result, or 202 `running` if it is not done by then. With `options.async: true`, answers 202 `queued` at once. A paused agent is 409 `agent_paused` and nothing is created. With `options.callback_url`, the result is POSTed there when the execution finishes (headers `X-Webhook-Id`, `X-Webhook-Timestamp` and, when the account has a signing secret, `X-Signature` and the Standard Webhooks headers), retried with backoff up to 6 attempts.',
  })
  @AgentIdParam()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters. The same key for the same agent within 24 h answers the first execution (with \`Idempotent-Replayed: true\`) and starts nothing; with a different body, 409 \`conflict\`.`,
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
  })
  @ApiHeader({
    name: 'traceparent',
    required: false,
    description:
      'W3C trace context: with tracing on, the execution’s spans join this trace (its `trace_id`)',
    schema: { type: 'string' },
  })
  @ApiOkResponse({
    type: TriggerResultResponse,
    description: 'Finished (`completed` or `failed`) within the wait',
    headers: {
      'Idempotent-Replayed': { description: '`true` on a replay', schema: { type: 'string' } },
    },
  })
  @ApiAcceptedResponse({
    type: TriggerResultResponse,
    description: '`queued` (async) or still `running` after the wait',
    headers: {
      ...LOCATION,
      'Idempotent-Replayed': { description: '`true` on a replay', schema: { type: 'string' } },
    },
  })
  @ApiCallbacks({
    name: 'executionFinished',
    callbackUrl: '{$request.body#/options/callback_url}',
    method: 'post',
    requestBody: { type: CallbackPayload },
    expectedResponse: {
      status: 200,
      description: 'Any 2xx acknowledges it; anything else is retried',
    },
  })
  @ApiErrors('agent_paused', 'conflict')
  async trigger(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: TriggerAgentDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TriggerResult> {
    const outcome = await this.triggers.trigger(account.id, id, body, idempotencyKey, {
      source: 'api',
      trace: traceContextOf(req),
    });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    if (!outcome.finished) res.setHeader('Location', this.location(outcome.result.execution_id));
    res.status(outcome.finished ? 200 : 202);
    return outcome.result;
  }

  @Get('agents/:id/executions')
  @RequireScope('executions:read')
  @ApiOperation({
    operationId: 'listExecutions',
    summary: "An agent's execution history",
    description: `Newest first (\`created_at\`, then \`id\`); items have no \`logs\`. Pages with \`cursor\`. ${PAGE_BUDGET_NOTE}`,
  })
  @AgentIdParam()
  @ApiOkResponse({ type: ExecutionListResponse })
  async list(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: ListExecutionsQuery,
    @Res() res: Response,
  ): Promise<void> {
    return this.page(await this.executions.list(account.id, id, query), res);
  }

  @Get('executions')
  @RequireScope('executions:read')
  @ApiOperation({
    operationId: 'listAccountExecutions',
    summary: "The account's executions across all its agents",
    description: `Newest first (\`created_at\`, then \`id\`); items have no \`logs\`. The same filters and paging as an agent's list. ${PAGE_BUDGET_NOTE}`,
  })
  @ApiOkResponse({ type: ExecutionListResponse })
  async listForAccount(
    @CurrentAccount() account: Account,
    @Query() query: ListExecutionsQuery,
    @Res() res: Response,
  ): Promise<void> {
    return this.page(await this.executions.listForAccount(account.id, query), res);
  }

  @Get('executions/:id')
  @RequireScope('executions:read')
  @ApiOperation({
    operationId: 'getExecution',
    summary: 'Read one execution, with its input, output and logs',
  })
  @ExecutionIdParam()
  @ApiOkResponse({ type: ExecutionDetail })
  async get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ExecutionResponse> {
    return (await this.records([await this.executions.get(account.id, id)], true))[0];
  }

  @Post('executions/:id/cancel')
  @RequireScope('agents:trigger')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelExecution',
    summary: 'Cancel a queued or running execution',
    description: 'A running run is aborted. A finished execution is 409 `conflict`.',
  })
  @ExecutionIdParam()
  @ApiOkResponse({ type: ExecutionDetail })
  @ApiErrors('conflict')
  async cancel(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ExecutionResponse> {
    return (await this.records([await this.executions.cancel(account.id, id)], true))[0];
  }

  @Post('executions/:id/retry')
  @RequireScope('agents:trigger')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'retryExecution',
    summary: 'Run a finished execution again',
    description:
      'Creates a new execution with the same input, `source: "retry"` and `retry_of` set, on the current version. Only finished executions: otherwise 409 `conflict`. With `{"resume": true}` (failed `workflow` executions only; other kinds 400, other statuses 409) it starts from the failed step and reuses the outputs of the steps that had completed.',
  })
  @ExecutionIdParam()
  @ApiAcceptedResponse({ type: ExecutionDetail, headers: LOCATION })
  @ApiErrors('conflict')
  async retry(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: RetryExecutionDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExecutionResponse> {
    const execution = await this.executions.retry(account.id, id, {
      resume: body?.resume,
      trace: traceContextOf(req),
    });
    res.setHeader('Location', this.location(execution.id));
    return (await this.records([execution], true))[0];
  }

  /**
   * A page as answered, serialised item by item (`serialisePage`): it ends early once its
   * items pass PAGE_BUDGET_BYTES of JSON, with `has_more` and the cursor after its last item.
   */
  private async page(page: ExecutionPage, res: Response): Promise<void> {
    const { items, last, cut } = await serialisePage(
      page.rows,
      (rows) => page.read(rows),
      (executions) => this.records(executions),
    );
    const hasMore = cut || page.hasMore;
    const meta: ExecutionList['meta'] = {
      limit: page.limit,
      has_more: hasMore,
      next_cursor: hasMore && last ? page.cursorAfter(last) : null,
    };
    await sendPage(res, items, meta);
  }

  /** Records as answered: workflow executions with their `steps` (one query a page). */
  private async records(executions: Execution[], withLogs = false): Promise<ExecutionResponse[]> {
    const steps = await this.executions.stepsOf(executions);
    return executions.map((execution) =>
      toExecutionResponse(execution, {
        withLogs,
        steps: steps.get(execution.id),
        withUsage: true,
      }),
    );
  }

  private location(executionId: string): string {
    return `${this.config.baseUrl}/executions/${executionId}`;
  }
}
