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
/**
 * How far ahead of their time fires are claimed (with a clock that can wait): a fire is
 * claimed, its agent read and its schedule's overlap checked before its time comes, so that
 * its execution is created on time rather than up to a tick and a claim later.
 */
export const SCHEDULER_LOOKAHEAD_MS = 500;
/** Due schedules claimed by one statement; a full batch looks again at once. */
export const SCHEDULER_BATCH = 500;
/** Batches claimed before they are fired together (a backlog goes in rounds of these). */
export const SCHEDULER_BATCHES_AT_ONCE = 4;
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

/** A batch of claimed schedules, and what firing them needs. */
interface Claimed {
  schedules: Schedule[];
  agents: Map<string, Agent>;
  /** The last execution's status of each `overlap: "skip"` schedule that has one. */
  statuses: Map<string, string>;
  /** Each schedule's `next_fire_at` when it was claimed (its fire time, jitter included). */
  dueAt: Map<string, Date>;
}

/**
 * Fires schedules (worker role; docs/schedules.md). No leader: every worker process ticks
 * every SCHEDULER_TICK_MS and claims the schedules whose `next_fire_at` comes within
 * SCHEDULER_LOOKAHEAD_MS with one conditional UPDATE per batch (`claimed_by`, and
 * `next_fire_at` moved to the end of a lease), so two schedulers never both work on one fire;
 * every batch of a pass is claimed first, then each schedule, at its fire time, creates its
 * fire's execution through the
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
        // Up to SCHEDULER_BATCHES_AT_ONCE batches claimed first, then fired together: the last
        // batch of a busy second does not wait for the others' executions.
        let more = true;
        while (more && !this.stopped) {
          const batches: Claimed[] = [];
          try {
            while (batches.length < SCHEDULER_BATCHES_AT_ONCE) {
              const { found, claimed } = await this.claim();
              handled += found;
              if (claimed) batches.push(claimed);
              more = found === SCHEDULER_BATCH;
              if (!more || this.stopped) break;
            }
          } finally {
            // What was claimed is fired even when a later claim failed (else it waits a lease).
            await Promise.all(batches.map((batch) => this.fireAll(batch)));
          }
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

  /** Claims one batch of the schedules due by now (plus the lookahead). */
  private async claim(): Promise<{ found: number; claimed: Claimed | null }> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + (this.clock.sleepUntil ? SCHEDULER_LOOKAHEAD_MS : 0));
    const due = await this.schedules.find({
      select: { id: true, nextFireAt: true },
      where: { nextFireAt: LessThanOrEqual(until) },
      order: { nextFireAt: 'ASC' },
      take: SCHEDULER_BATCH,
    });
    if (due.length === 0) return { found: 0, claimed: null };
    const dueAt = new Map(due.map((row) => [row.id, row.nextFireAt!]));
    const lease = new Date(until.getTime() + CLAIM_LEASE_MS);
    // The claim: only rows still due (another scheduler's claim moved next_fire_at ahead).
    await this.schedules
      .createQueryBuilder()
      .update()
      .set({ claimedBy: this.token, nextFireAt: lease })
      .where('id IN (:...ids)', { ids: [...dueAt.keys()] })
      .andWhere('next_fire_at <= :until', { until })
      .execute();
    const claimed = await this.schedules.findBy({
      id: In([...dueAt.keys()]),
      claimedBy: this.token,
    });
    if (claimed.length === 0) return { found: due.length, claimed: null };
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
    return { found: due.length, claimed: { schedules: claimed, agents, statuses, dueAt } };
  }

  /**
   * Fires a claimed batch, each schedule at its time, and moves the schedules on. A schedule
   * claimed ahead of its time is fired only if the claim still stands then: a change made
   * meanwhile (a PATCH, a DELETE) clears the claim and wins.
   */
  private async fireAll({ schedules, agents, statuses, dueAt }: Claimed): Promise<void> {
    const claimedAt = this.clock.now().getTime();
    const byTime = new Map<number, Schedule[]>();
    for (const schedule of schedules) {
      const at = dueAt.get(schedule.id)!.getTime();
      byTime.set(at, [...(byTime.get(at) ?? []), schedule]);
    }
    const moves = await Promise.all(
      [...byTime].map(async ([time, group]) => {
        const at = new Date(time);
        if (time > claimedAt) {
          await this.clock.sleepUntil?.(at);
          const held = await this.schedules.find({
            select: { id: true },
            where: { id: In(group.map((schedule) => schedule.id)), claimedBy: this.token },
          });
          const ids = new Set(held.map((row) => row.id));
          group = group.filter((schedule) => ids.has(schedule.id));
        }
        // Never earlier than the fire time (a timer may end a millisecond early).
        const now = new Date(Math.max(this.clock.now().getTime(), time));
        return Promise.all(
          group.map((schedule) =>
            this.fire(schedule, agents.get(schedule.agentId), statuses, at, now),
          ),
        );
      }),
    );
    await this.moveOn(moves.flat().filter((move): move is Move => move !== null));
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
