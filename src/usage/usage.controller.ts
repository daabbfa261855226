import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { UsageQuery } from './dto/usage.query';
import { UsageResponse } from './usage.response';
import { UsageService } from './usage.service';

/**
 * `/v2/usage`: model tokens of `llm` steps. API keys with `executions:read` (the tokens are
 * spent by executions, whose steps that scope already shows), and every dashboard user.
 */
@Controller('usage')
@ApiTags('Usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @RequireScope('executions:read')
  @ApiOperation({
    operationId: 'getUsage',
    summary: "The account's model tokens by UTC day and model, and this month's allowance",
    description:
      "Tokens of `llm` steps (executions and test runs), prompt and completion, by day and model; `allowance` is the current calendar month (UTC) against the plan's monthly allowance. Default range: this month. Calls are written within about a second.",
  })
  @ApiOkResponse({ type: UsageResponse })
  async get(
    @CurrentAccount() account: Account,
    @Query() query: UsageQuery,
  ): Promise<UsageResponse> {
    return this.usage.report(account, query);
  }
}
