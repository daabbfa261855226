import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { AgentsService } from './agents.service';
import { STATS_DAYS_DEFAULT, StatsQuery } from './dto/stats.query';

export class DailyStatsItem {
  @ApiProperty({ example: '2026-11-24', description: 'UTC day' })
  day: string;

  @ApiProperty({ type: 'integer', description: 'Executions created that day' })
  created: number;

  @ApiProperty({ type: 'integer', description: 'Executions that completed that day' })
  completed: number;

  @ApiProperty({ type: 'integer', description: 'Executions that failed that day' })
  failed: number;
}

export class DailyStatsResponse {
  @ApiProperty({
    type: DailyStatsItem,
    isArray: true,
    description: 'Oldest first, every day present',
  })
  data: DailyStatsItem[];
}

const DESCRIPTION =
  'From the daily counters (UTC days, today included): oldest first, one item per day, zeros where nothing happened.';

/** Daily execution counts for the dashboard's charts. */
@Controller()
@ApiTags('Agents')
export class StatsController {
  constructor(private readonly agents: AgentsService) {}

  @Get('stats')
  @RequireScope('agents:read')
  @ApiOperation({
    operationId: 'getAccountStats',
    summary: "Daily created, completed and failed executions of all the account's agents",
    description: DESCRIPTION,
  })
  @ApiOkResponse({ type: DailyStatsResponse })
  async account(
    @CurrentAccount() account: Account,
    @Query() query: StatsQuery,
  ): Promise<DailyStatsResponse> {
    return {
      data: await this.agents.dailyStats(account.id, null, query.days ?? STATS_DAYS_DEFAULT),
    };
  }

  @Get('agents/:id/stats')
  @RequireScope('agents:read')
  @ApiOperation({
    operationId: 'getAgentStats',
    summary: 'Daily created, completed and failed executions of an agent',
    description: DESCRIPTION,
  })
  @ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' })
  @ApiOkResponse({ type: DailyStatsResponse })
  async agent(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: StatsQuery,
  ): Promise<DailyStatsResponse> {
    return { data: await this.agents.dailyStats(account.id, id, query.days ?? STATS_DAYS_DEFAULT) };
  }
}
