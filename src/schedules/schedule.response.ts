import { ApiProperty } from '@nestjs/swagger';
import { iso } from '../common/time';
import { CATCH_UP_POLICIES, OVERLAP_POLICIES, type Schedule } from './schedule.entity';
import { DESCRIPTIONS, JITTER_MS_MAX } from './dto/schedule-fields';

/** A schedule as the API shows it (docs/api.md, Schedules). */
export class ScheduleResponse {
  @ApiProperty({ example: 'sch_01jd8z6q8r0s2t4u6v8w0x2y4z' })
  id: string;

  @ApiProperty({ example: 'agt_01jd8z2c4v6b8n0m2k4j6h8g0f' })
  agent_id: string;

  @ApiProperty({ description: DESCRIPTIONS.cron, example: '0 9 * * MON-FRI' })
  cron: string;

  @ApiProperty({ description: DESCRIPTIONS.timezone, example: 'Europe/Berlin' })
  timezone: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: DESCRIPTIONS.input })
  input: Record<string, unknown>;

  @ApiProperty({ enum: OVERLAP_POLICIES, description: DESCRIPTIONS.overlap })
  overlap: string;

  @ApiProperty({ enum: CATCH_UP_POLICIES, description: DESCRIPTIONS.catch_up })
  catch_up: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: JITTER_MS_MAX })
  jitter_ms: number;

  @ApiProperty({ description: DESCRIPTIONS.enabled })
  enabled: boolean;

  @ApiProperty({ type: 'string', nullable: true, description: DESCRIPTIONS.external_id })
  external_id: string | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'date-time' },
    maxItems: 5,
    description:
      'The next 5 nominal fire times (without jitter); empty while the schedule is disabled or its agent paused',
  })
  next_runs: string[];

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When it last started an execution',
  })
  last_fired_at: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The last execution it started',
  })
  last_execution_id: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class ScheduleList {
  @ApiProperty({ type: [ScheduleResponse], description: 'Oldest first' })
  data: ScheduleResponse[];
}

export function toScheduleResponse(schedule: Schedule, nextRuns: Date[]): ScheduleResponse {
  return {
    id: schedule.id,
    agent_id: schedule.agentId,
    cron: schedule.cron,
    timezone: schedule.timezone,
    input: schedule.input,
    overlap: schedule.overlap,
    catch_up: schedule.catchUp,
    jitter_ms: schedule.jitterMs,
    enabled: schedule.enabled,
    external_id: schedule.externalId,
    next_runs: nextRuns.map((time) => time.toISOString()),
    last_fired_at: iso(schedule.lastFiredAt),
    last_execution_id: schedule.lastExecutionId,
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  };
}
