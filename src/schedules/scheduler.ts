import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In, LessThanOrEqual, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Agent } from '../agents/agent.entity';
import { retrying } from '../database/transactions';
import { Execution } from '../executions/execution.entity';
import { ExecutionIntakeService } from '../executions/execution-intake.service';
import { MetricsService, type ScheduleFireOutcome } from '../metrics/metrics.service';
import { blockedByOverlap, fireAt, planFires, type PlannedFire } from './fire-plan';
import { SCHEDULE_CLOCK, type ScheduleClock } from './schedule-clock';
import { Schedule } from './schedule.entity';
import { Timetable } from './timetable';

/** How often every worker looks for schedules whose fire time has come. */
export const SCHEDULER_TICK_MS = 250;
/** Due schedules claimed by one statement; a full batch looks again at once. */
export const SCHEDULER_BATCH = 500;
/**
 * How long a claim holds a schedule's fire: a scheduler that dies mid-fire leaves it to
 * another one after this long (which finds what the first one stored, and doubles nothing).
 */
export const CLAIM_LEASE_MS = 5_000;
/** Timetables kept compiled, by cron and zone. */
const TIMETABLES_MAX = 5_000;

interface Outcome {
  outcome: ScheduleFireOutcome;
  latenessMs?: number;
}

/** What a claimed schedule moves on to once its fires are stored. */
interface Move {
  schedule: Schedule;
  next: Date | null;
  last: Execution | null;
  outcomes: Outcome[];
}

/**
 * Fires schedules (worker role; docs/schedules.md). No leader: every worker process ticks
 * every SCHEDULER_TICK_MS and claims the schedules whose `next_fire_at` has come with one
 * conditional UPDATE (`claimed_by`, and `next_fire_at` moved to the end of a lease), so two
 * schedulers never both work on one fire; then creates each fire's execution through the
 * intake (`source: "schedule"`), and moves the schedule on to its next fire time, conditional
 * on still holding the claim. The database makes it exactly once: executions are unique by
 * `(schedule_id, scheduled_for)`, so a scheduler that takes over an expired claim finds the
 * fire its predecessor stored (the intake answers it, `created: false`) instead of a second
 * one; a scheduler that dies before storing loses nothing, since the claim expires and the
 * schedule is still due.
 */
@Injectable()
export class Scheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Scheduler');
  /** This scheduler's mark on the schedules it claims. */
  readonly token = randomBytes(12).toString('hex');
  private startedAt: Date;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> = Promise.resolve(0);
  private busy = false;
  private stopped = false;
  private readonly timetables = new Map<string, Timetable>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Schedule) private readonly schedules: Repository<Schedule>,
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    @InjectRepository(Execution) private readonly executions: Repository<Execution>,
    private readonly intake: ExecutionIntakeService,
    private readonly metrics: MetricsService,
    @Inject(SCHEDULE_CLOCK) private readonly clock: ScheduleClock,
  ) {
    this.startedAt = clock.now();
  }

  onApplicationBootstrap(): void {
    this.startedAt = this.clock.now();
    this.timer = setInterval(() => void this.tick(), SCHEDULER_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** Stops ticking by itself (tests drive `tick` with a fake clock). */
  stopTimer(): void {
    clearInterval(this.timer);
  }

  /**
   * One pass (also for tests): claims and fires the due schedules, again while batches come
   * back full. Resolves with the schedules handled. One pass at a time; a failed one is
   * logged, and its claims expire for the next pass to retry.
   */
  tick(): Promise<number> {
    if (this.busy || this.stopped) return this.pass;
    this.busy = true;
    this.pass = (async () => {
      let handled = 0;
      try {
        for (;;) {
          const claimed = await this.claimAndFire();
          handled += claimed;
          if (claimed < SCHEDULER_BATCH || this.stopped) break;
        }
      } catch (error) {
        this.logger.warn(`Firing schedules failed: ${describe(error)}`);
      } finally {
        this.busy = false;
      }
      return handled;
    })();
    return this.pass;
  }

  private async claimAndFire(): Promise<number> {
    const now = this.clock.now();
    const due = await this.schedules.find({
      select: { id: true, nextFireAt: true },
      where: { nextFireAt: LessThanOrEqual(now) },
      order: { nextFireAt: 'ASC' },
      take: SCHEDULER_BATCH,
    });
    if (due.length === 0) return 0;
    const dueAt = new Map(due.map((row) => [row.id, row.nextFireAt!]));
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
    // The claim: only rows still due (another scheduler's claim moved next_fire_at ahead).
    await this.schedules
      .createQueryBuilder()
      .update()
      .set({ claimedBy: this.token, nextFireAt: lease })
      .where('id IN (:...ids)', { ids: [...dueAt.keys()] })
      .andWhere('next_fire_at <= :now', { now })
      .execute();
    const claimed = await this.schedules.findBy({
      id: In([...dueAt.keys()]),
      claimedBy: this.token,
    });
    if (claimed.length === 0) return due.length;
    const agents = new Map(
      (await this.agents.findBy({ id: In([...new Set(claimed.map((row) => row.agentId))]) })).map(
        (agent) => [agent.id, agent],
      ),
    );
    const previousIds = claimed
      .filter((row) => row.overlap === 'skip' && row.lastExecutionId)
      .map((row) => row.lastExecutionId!);
    const statuses = new Map(
      previousIds.length === 0
        ? []
        : (
            await this.executions.find({
              select: { id: true, status: true },
              where: { id: In(previousIds) },
            })
          ).map((row) => [row.id, row.status as string]),
    );
    const moves = await Promise.all(
      claimed.map((schedule) =>
        this.fire(schedule, agents.get(schedule.agentId), statuses, dueAt.get(schedule.id)!, now),
      ),
    );
    await this.moveOn(moves.filter((move): move is Move => move !== null));
    return due.length;
  }

  /** The fires of one claimed schedule, and what it moves on to (null: nothing to write). */
  private async fire(
    schedule: Schedule,
    agent: Agent | undefined,
    statuses: Map<string, string>,
    dueAt: Date,
    now: Date,
  ): Promise<Move | null> {
    try {
      if (!agent || agent.deletedAt) {
        await this.schedules.delete({ id: schedule.id, claimedBy: this.token });
        return null;
      }
      const timetable = this.timetable(schedule);
      if (!schedule.nextRunAt || agent.status !== 'active') {
        // A paused agent fires nothing, and what passes meanwhile is not caught up.
        return { schedule, next: timetable.next(now), last: null, outcomes: [] };
      }
      const plan = planFires({
        timetable,
        due: schedule.nextRunAt,
        now,
        catchUp: schedule.catchUp,
        jitterMs: schedule.jitterMs,
        startedAt: this.startedAt,
      });
      const outcomes: Outcome[] = [];
      let previous = schedule.lastExecutionId
        ? (statuses.get(schedule.lastExecutionId) ?? null)
        : null;
      let last: Execution | null = null;
      // The jitter drawn for the first due time (the others fire at once).
      const jitter = dueAt.getTime() - schedule.nextRunAt.getTime();
      for (const planned of plan.fires) {
        if (blockedByOverlap(schedule.overlap, previous)) {
          outcomes.push({ outcome: 'skipped_overlap' });
          continue;
        }
        const { execution, created } = await this.intake.submit({
          agent,
          input: schedule.input,
          source: 'schedule',
          schedule: { id: schedule.id, scheduledFor: planned.scheduledFor },
        });
        last = execution;
        previous = execution.status;
        if (created) outcomes.push(this.started(planned, execution, schedule, jitter));
      }
      for (let i = 0; i < plan.missed; i++) outcomes.push({ outcome: 'missed' });
      return { schedule, next: plan.next, last, outcomes };
    } catch (error) {
      // The claim expires and another pass takes the schedule again.
      this.logger.warn(`Schedule ${schedule.id}: firing failed: ${describe(error)}`);
      return null;
    }
  }

  private started(
    planned: PlannedFire,
    execution: Execution,
    schedule: Schedule,
    jitter: number,
  ): Outcome {
    const delay =
      planned.scheduledFor.getTime() === schedule.nextRunAt!.getTime() &&
      jitter >= 0 &&
      jitter <= schedule.jitterMs
        ? jitter
        : 0;
    return planned.kind === 'caught_up'
      ? { outcome: 'caught_up' }
      : {
          outcome: 'started',
          latenessMs: execution.createdAt.getTime() - planned.scheduledFor.getTime() - delay,
        };
  }

  /** Fires started count always; skips and misses only for the scheduler whose claim stood. */
  private record(outcomes: Outcome[], moved: boolean): void {
    for (const { outcome, latenessMs } of outcomes) {
      if (!moved && (outcome === 'missed' || outcome === 'skipped_overlap')) continue;
      this.metrics.scheduleFired(outcome, 1, latenessMs);
    }
  }

  /**
   * Each schedule's next fire time, and its last execution when one was stored, conditional on
   * this claim (a change made meanwhile, such as a new cron, stands), all in one transaction.
   * Where the claim was lost, the last execution is written anyway (the overlap rule reads it).
   */
  private async moveOn(moves: Move[]): Promise<void> {
    if (moves.length === 0) return;
    const moved = await retrying(this.dataSource).transaction(async (manager) => {
      const results: boolean[] = [];
      for (const { schedule, next, last } of moves) {
        const fired = last ? { lastExecutionId: last.id, lastFiredAt: last.createdAt } : {};
        const result = await manager.update(Schedule, { id: schedule.id, claimedBy: this.token }, {
          ...fired,
          nextRunAt: next,
          nextFireAt: next ? fireAt(next, schedule.jitterMs) : null,
          claimedBy: null,
        } as QueryDeepPartialEntity<Schedule>);
        if (!result.affected && last) {
          await manager.update(
            Schedule,
            { id: schedule.id },
            fired as QueryDeepPartialEntity<Schedule>,
          );
        }
        results.push(Boolean(result.affected));
      }
      return results;
    });
    moves.forEach((move, i) => this.record(move.outcomes, moved[i]));
  }

  private timetable(schedule: Schedule): Timetable {
    const key = `${schedule.timezone}\n${schedule.cron}`;
    let timetable = this.timetables.get(key);
    if (!timetable) {
      timetable = new Timetable(schedule.cron, schedule.timezone);
      if (this.timetables.size >= TIMETABLES_MAX) this.timetables.clear();
      this.timetables.set(key, timetable);
    }
    return timetable;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
