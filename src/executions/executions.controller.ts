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
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { ListExecutionsQuery } from './dto/list-executions.query';
import { TriggerAgentDto } from './dto/trigger-agent.dto';
import { ExecutionResponse, toExecutionResponse } from './execution.response';
import { ExecutionsService } from './executions.service';
import { TriggerResult, TriggerService } from './trigger.service';

export interface ExecutionList {
  data: ExecutionResponse[];
  meta: { limit: number; has_more: boolean; next_cursor: string | null };
}

/** Trigger and execution routes (CONTRACT §4). Rules live in the services. */
@Controller()
export class ExecutionsController {
  constructor(
    private readonly triggers: TriggerService,
    private readonly executions: ExecutionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('agents/:id/trigger')
  @RequireScope('agents:trigger')
  async trigger(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: TriggerAgentDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TriggerResult> {
    const outcome = await this.triggers.trigger(account.id, id, body, idempotencyKey);
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    if (!outcome.finished) res.setHeader('Location', this.location(outcome.result.execution_id));
    res.status(outcome.finished ? 200 : 202);
    return outcome.result;
  }

  @Get('agents/:id/executions')
  @RequireScope('executions:read')
  async list(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: ListExecutionsQuery,
  ): Promise<ExecutionList> {
    const page = await this.executions.list(account.id, id, query);
    return {
      data: page.executions.map((execution) => toExecutionResponse(execution)),
      meta: { limit: page.limit, has_more: page.hasMore, next_cursor: page.nextCursor },
    };
  }

  @Get('executions/:id')
  @RequireScope('executions:read')
  async get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ExecutionResponse> {
    return toExecutionResponse(await this.executions.get(account.id, id), { withLogs: true });
  }

  @Post('executions/:id/cancel')
  @RequireScope('agents:trigger')
  @HttpCode(200)
  async cancel(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ExecutionResponse> {
    return toExecutionResponse(await this.executions.cancel(account.id, id), { withLogs: true });
  }

  @Post('executions/:id/retry')
  @RequireScope('agents:trigger')
  @HttpCode(202)
  async retry(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExecutionResponse> {
    const execution = await this.executions.retry(account.id, id);
    res.setHeader('Location', this.location(execution.id));
    return toExecutionResponse(execution, { withLogs: true });
  }

  private location(executionId: string): string {
    return `${this.config.baseUrl}/executions/${executionId}`;
  }
}
