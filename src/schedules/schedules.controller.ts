import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors.decorator';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { CreateScheduleDto } from './dto/create-schedule.dto';
import { UpdateScheduleDto } from './dto/update-schedule.dto';
import { ScheduleList, ScheduleResponse, toScheduleResponse } from './schedule.response';
import { SchedulesService } from './schedules.service';

const AgentIdParam = () => ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' });
const ScheduleIdParam = () => ApiParam({ name: 'id', description: 'Schedule id (`sch_…`)' });

/**
 * `/v2/agents/:id/schedules` and `/v2/schedules/:id` (docs/api.md, Schedules): an agent's
 * timetable. Scopes `agents:read` and `agents:write`.
 */
@Controller()
@ApiTags('Schedules')
export class SchedulesController {
  constructor(
    private readonly schedules: SchedulesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('agents/:id/schedules')
  @RequireScope('agents:write')
  @AgentIdParam()
  @ApiErrors('conflict')
  @ApiOperation({
    operationId: 'createSchedule',
    summary: 'Add a schedule to an agent',
    description:
      'An invalid `cron` or an unknown `timezone` is 400 naming the field. A 51st schedule of the agent, or an `external_id` that another schedule of the agent has, is 409 `conflict`.',
  })
  @ApiCreatedResponse({
    type: ScheduleResponse,
    headers: { Location: { description: 'URL of the new schedule', schema: { type: 'string' } } },
  })
  async create(
    @CurrentAccount() account: Account,
    @Param('id') agentId: string,
    @Body() body: CreateScheduleDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScheduleResponse> {
    const { schedule, nextRuns } = await this.schedules.create(account.id, agentId, body);
    res.setHeader('Location', `${this.config.baseUrl}/schedules/${schedule.id}`);
    return toScheduleResponse(schedule, nextRuns);
  }

  @Get('agents/:id/schedules')
  @RequireScope('agents:read')
  @AgentIdParam()
  @ApiOperation({ operationId: 'listSchedules', summary: "The agent's schedules, oldest first" })
  @ApiOkResponse({ type: ScheduleList })
  async list(
    @CurrentAccount() account: Account,
    @Param('id') agentId: string,
  ): Promise<ScheduleList> {
    const views = await this.schedules.list(account.id, agentId);
    return { data: views.map((view) => toScheduleResponse(view.schedule, view.nextRuns)) };
  }

  @Get('schedules/:id')
  @RequireScope('agents:read')
  @ScheduleIdParam()
  @ApiOperation({ operationId: 'getSchedule', summary: 'Read one schedule' })
  @ApiOkResponse({ type: ScheduleResponse })
  async get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ScheduleResponse> {
    const { schedule, nextRuns } = await this.schedules.get(account.id, id);
    return toScheduleResponse(schedule, nextRuns);
  }

  @Patch('schedules/:id')
  @RequireScope('agents:write')
  @ScheduleIdParam()
  @ApiErrors('conflict')
  @ApiOperation({
    operationId: 'updateSchedule',
    summary: 'Change a schedule',
    description:
      'At least one field, with the rules of create. A new `cron` or `timezone` applies from the next fire time; a schedule enabled again starts from the next time to come (nothing is caught up).',
  })
  @ApiOkResponse({ type: ScheduleResponse })
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateScheduleDto,
  ): Promise<ScheduleResponse> {
    const { schedule, nextRuns } = await this.schedules.update(account.id, id, body);
    return toScheduleResponse(schedule, nextRuns);
  }

  @Delete('schedules/:id')
  @HttpCode(204)
  @RequireScope('agents:write')
  @ScheduleIdParam()
  @ApiOperation({ operationId: 'deleteSchedule', summary: 'Delete a schedule' })
  @ApiNoContentResponse({ description: 'Deleted; its executions stay' })
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.schedules.remove(account.id, id);
  }
}
