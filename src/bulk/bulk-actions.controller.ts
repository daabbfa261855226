import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { BulkActionsService } from './bulk-actions.service';
import { BulkActionResponse, BulkRetryDto, BulkRetryPreview } from './bulk-retry.dto';

/** Bulk retry and its progress (docs/api.md, Bulk retry). */
@Controller()
@ApiTags('Executions')
@ApiExtraModels(BulkRetryPreview)
export class BulkActionsController {
  constructor(private readonly bulk: BulkActionsService) {}

  @Post('executions/bulk-retry')
  @RequireScope('agents:trigger')
  @ApiOperation({
    operationId: 'bulkRetryExecutions',
    summary: 'Retry every execution that matches a filter',
    description:
      'Matches the account’s `failed` and/or `cancelled` executions (by agent, `created_at` range, `error.code`, tags), oldest first, at most `limit`, and answers 202 with the new bulk action; its runner retries each match as `POST /v2/executions/:id/retry` would (with `resume`), in the background, and `GET /v2/bulk-actions/:id` shows the progress. An execution one bulk action matched is never matched by a later one. With `dry_run: true`: 200 `{matched}`, nothing retried.',
  })
  @ApiAcceptedResponse({ type: BulkActionResponse, description: 'The bulk action, `running`' })
  @ApiOkResponse({ type: BulkRetryPreview, description: '`dry_run: true`: the count only' })
  async bulkRetry(
    @CurrentAccount() account: Account,
    @Body() body: BulkRetryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BulkActionResponse | BulkRetryPreview> {
    const filter = this.bulk.filterOf(body);
    if (body.dry_run === true) {
      res.status(200);
      return { matched: await this.bulk.count(account.id, filter) };
    }
    res.status(202);
    return this.bulk.create(account.id, filter);
  }

  @Get('bulk-actions/:id')
  @RequireScope('executions:read')
  @ApiOperation({
    operationId: 'getBulkAction',
    summary: 'A bulk action’s progress',
    description: '`running` while matches remain to be handled, then `completed`.',
  })
  @ApiParam({ name: 'id', description: 'Bulk action id (`blk_…`)' })
  @ApiOkResponse({ type: BulkActionResponse })
  get(@CurrentAccount() account: Account, @Param('id') id: string): Promise<BulkActionResponse> {
    return this.bulk.get(account.id, id);
  }
}
