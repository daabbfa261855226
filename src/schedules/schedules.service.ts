import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Agent } from '../agents/agent.entity';
import { AgentsService } from '../agents/agents.service';
import { ApiError } from '../common/api-error';
import { isUniqueViolation } from '../common/database-errors';
import { newId } from '../common/ids';
import { LocalBus } from '../queue/local-bus';
import type { CreateScheduleDto } from './dto/create-schedule.dto';
import type { UpdateScheduleDto } from './dto/update-schedule.dto';
import { fireAt } from './fire-plan';
import { SCHEDULE_CLOCK, type ScheduleClock } from './schedule-clock';
import { Schedule } from './schedule.entity';
import { Timetable, TimetableError } from './timetable';

/** Schedules one agent may have. */
export const MAX_SCHEDULES_PER_AGENT = 50;
/** How many fire times a schedule record lists. */
export const NEXT_RUNS = 5;

/** A schedule and the fire times its record lists. */
export interface ScheduleView {
  schedule: Schedule;
  nextRuns: Date[];
}

/**
 * Schedules (docs/schedules.md): CRUD under the account's live agents. A change of `cron`,
 * `timezone` or `enabled` sets the next fire time afresh, from now: it applies from the next
 * fire, and a schedule enabled again does not catch up. A deleted agent's schedules are
 * deleted with it (on the bus's `agent.changed`; its schedules also answer 404 at once, and a
 * scheduler that finds one deletes it).
 */
@Injectable()
export class SchedulesService implements OnModuleInit, OnModuleDestroy {
  private readonly onAgentChanged = (agentId: string) => void this.dropIfAgentDeleted(agentId);

  constructor(
    @InjectRepository(Schedule) private readonly schedules: Repository<Schedule>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agents: AgentsService,
    private readonly bus: LocalBus,
    @Inject(SCHEDULE_CLOCK) private readonly clock: ScheduleClock,
  ) {}

  onModuleInit(): void {
    this.bus.on('agent.changed', this.onAgentChanged);
  }

  onModuleDestroy(): void {
    this.bus.off('agent.changed', this.onAgentChanged);
  }

  async create(accountId: string, agentId: string, body: CreateScheduleDto): Promise<ScheduleView> {
    const agent = await this.agents.findOwned(accountId, agentId);
    const cron = body.cron.trim();
    const timezone = body.timezone ?? 'UTC';
    const timetable = timetableOf(cron, timezone);
    const count = await this.schedules.countBy({ agentId: agent.id });
    if (count >= MAX_SCHEDULES_PER_AGENT) {
      throw ApiError.conflict(
        `An agent has at most ${MAX_SCHEDULES_PER_AGENT} schedules; delete one first`,
      );
    }
    const at = this.clock.now();
    const enabled = body.enabled ?? true;
    const jitterMs = body.jitter_ms ?? 0;
    const next = enabled ? timetable.next(at) : null;
    const schedule: Schedule = {
      id: newId('sch'),
      accountId,
      agentId: agent.id,
      cron,
      timezone,
      input: body.input ?? {},
      overlap: body.overlap ?? 'skip',
      catchUp: body.catch_up ?? 'last',
      jitterMs,
      enabled,
      externalId: body.external_id ?? null,
      nextRunAt: next,
      nextFireAt: next ? fireAt(next, jitterMs) : null,
      claimedBy: null,
      lastFiredAt: null,
      lastExecutionId: null,
      createdAt: at,
      updatedAt: at,
    };
    try {
      await this.schedules.insert({ ...schedule } as QueryDeepPartialEntity<Schedule>);
    } catch (error) {
      if (isUniqueViolation(error)) throw externalIdTaken();
      throw error;
    }
    return this.view(schedule, agent, timetable);
  }

  /** The agent's schedules, oldest first. */
  async list(accountId: string, agentId: string): Promise<ScheduleView[]> {
    const agent = await this.agents.findOwned(accountId, agentId);
    const rows = await this.schedules.find({
      where: { agentId: agent.id, accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((schedule) => this.view(schedule, agent));
  }

  async get(accountId: string, id: string): Promise<ScheduleView> {
    const { schedule, agent } = await this.owned(accountId, id);
    return this.view(schedule, agent);
  }

  async update(accountId: string, id: string, patch: UpdateScheduleDto): Promise<ScheduleView> {
    if (Object.values(patch).every((value) => value === undefined)) {
      throw ApiError.invalid(
        'cron',
        'The body must set at least one of: cron, timezone, input, overlap, catch_up, jitter_ms, enabled, external_id',
      );
    }
    const { schedule, agent } = await this.owned(accountId, id);
    const cron = patch.cron?.trim() ?? schedule.cron;
    const timezone = patch.timezone ?? schedule.timezone;
    const timetable = timetableOf(cron, timezone);
    const at = this.clock.now();
    const changes: Partial<Schedule> = { updatedAt: at };
    if (patch.cron !== undefined) changes.cron = cron;
    if (patch.timezone !== undefined) changes.timezone = timezone;
    if (patch.input !== undefined) changes.input = patch.input;
    if (patch.overlap !== undefined) changes.overlap = patch.overlap;
    if (patch.catch_up !== undefined) changes.catchUp = patch.catch_up;
    if (patch.jitter_ms !== undefined) changes.jitterMs = patch.jitter_ms;
    if (patch.enabled !== undefined) changes.enabled = patch.enabled;
    if (patch.external_id !== undefined) changes.externalId = patch.external_id;
    const enabled = changes.enabled ?? schedule.enabled;
    const retimed =
      changes.cron !== undefined ||
      changes.timezone !== undefined ||
      (changes.enabled !== undefined && changes.enabled !== schedule.enabled);
    if (retimed) {
      // From now on: a claim in flight loses its hold (its fire, if stored, stays).
      const next = enabled ? timetable.next(at) : null;
      changes.nextRunAt = next;
      changes.nextFireAt = next ? fireAt(next, changes.jitterMs ?? schedule.jitterMs) : null;
      changes.claimedBy = null;
    }
    try {
      const result = await this.schedules.update(
        { id: schedule.id, accountId },
        changes as QueryDeepPartialEntity<Schedule>,
      );
      if (!result.affected) throw ApiError.notFound('Schedule');
    } catch (error) {
      if (isUniqueViolation(error)) throw externalIdTaken();
      throw error;
    }
    return this.view(Object.assign(schedule, changes), agent, timetable);
  }

  async remove(accountId: string, id: string): Promise<void> {
    const { schedule } = await this.owned(accountId, id);
    const result = await this.schedules.delete({ id: schedule.id, accountId });
    if (!result.affected) throw ApiError.notFound('Schedule');
  }

  /** The account's schedule `id` and its live agent; 404 otherwise. */
  private async owned(
    accountId: string,
    id: string,
  ): Promise<{ schedule: Schedule; agent: Agent }> {
    const schedule = await this.schedules.findOneBy({ id, accountId });
    if (!schedule) throw ApiError.notFound('Schedule');
    try {
      return { schedule, agent: await this.agents.findOwned(accountId, schedule.agentId) };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') {
        await this.dropIfAgentDeleted(schedule.agentId);
        throw ApiError.notFound('Schedule');
      }
      throw error;
    }
  }

  private view(schedule: Schedule, agent: Agent, timetable?: Timetable): ScheduleView {
    if (!schedule.enabled || agent.status !== 'active') return { schedule, nextRuns: [] };
    const times = timetable ?? timetableOf(schedule.cron, schedule.timezone);
    return { schedule, nextRuns: times.nextTimes(this.clock.now(), NEXT_RUNS) };
  }

  /** Deletes the schedules of `agentId` if that agent is deleted. */
  private async dropIfAgentDeleted(agentId: string): Promise<void> {
    try {
      await this.dataSource.query(
        'DELETE FROM schedules WHERE agent_id = ? AND agent_id IN (SELECT id FROM agents WHERE id = ? AND deleted_at IS NOT NULL)',
        [agentId, agentId],
      );
    } catch {
      // The schedules of a deleted agent already answer 404; a scheduler deletes them later.
    }
  }
}

/** The timetable of `cron` in `timezone`; a 400 naming the field otherwise. */
export function timetableOf(cron: string, timezone: string): Timetable {
  try {
    return new Timetable(cron, timezone);
  } catch (error) {
    if (error instanceof TimetableError) throw ApiError.invalid(error.field, error.message);
    throw error;
  }
}

function externalIdTaken(): ApiError {
  return ApiError.conflict('This agent already has a schedule with this external_id');
}
