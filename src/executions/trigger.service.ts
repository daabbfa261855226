import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { AgentCache } from '../agents/agent-cache';
import { assertInputMatches } from '../agents/input-schema';
import type { Agent } from '../agents/agent.entity';
import { canonicalJson } from '../common/canonical-json';
import { ApiError } from '../common/api-error';
import { sha256Hex } from '../common/crypto';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { LocalBus } from '../queue/local-bus';
import { LocalDispatch } from '../queue/local-dispatch';
import { RUN_QUEUE, type RunQueue } from '../queue/run-queue';
import {
  Execution,
  type ExecutionError,
  type ExecutionSource,
  FINAL_STATUSES,
  isHeld,
  SETTLED_STATUSES,
  shownStatus,
} from './execution.entity';
import { ExecutionIntakeService } from './execution-intake.service';
import { heavyTurnFor } from '../common/heavy-turns';
import type { RunOutcome } from './execution-lifecycle.service';
import { build, claimAt, IDEMPOTENCY_WINDOW_MS, type NewExecution } from './new-executions';
import { ExecutionsService } from './executions.service';
import type { TriggerAgentDto } from './dto/trigger-agent.dto';
import { checkTags } from './tags';
import { tracing, type TraceContext } from '../tracing/tracing';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The trigger result: what `POST /agents/:id/trigger` answers. */
export interface TriggerResult {
  execution_id: string;
  status: string;
  output: Record<string, unknown> | null;
  /** The execution's error: null unless it failed. */
  error: ExecutionError | null;
  duration_ms: number | null;
}

/** How a trigger came in: the REST route by default; MCP's `tools/call` waits less. */
export interface TriggerVia {
  source: ExecutionSource;
  /** How long a synchronous trigger waits for the result (default SYNC_WAIT_MS). */
  waitMs?: number;
  /** Tracing on: the request's context (`traceContextOf`), whose trace the execution joins. */
  trace?: TraceContext;
}

export interface TriggerOutcome {
  result: TriggerResult;
  /** The execution reached a final state: 200; otherwise 202. */
  finished: boolean;
  /** The Idempotency-Key was seen before: nothing new was started. */
  replayed: boolean;
}

/**
 * `POST /v2/agents/:id/trigger` (docs/api.md, Trigger and executions): creates the execution
 * through the intake, then answers at once (`async: true`) or waits up to SYNC_WAIT_MS for its
 * result. With `Idempotency-Key`, a repeat of the same request within 24 h answers the first
 * execution's current result; the same key with another body is 409 `conflict`.
 */
@Injectable()
export class TriggerService implements OnModuleDestroy {
  /** Agents by id (AGENT_CACHE_TTL_MS, as the webhook's; changes here evict at once). */
  private readonly agents: AgentCache<Agent>;

  constructor(
    @InjectRepository(Execution) private readonly executions: Repository<Execution>,
    private readonly intake: ExecutionIntakeService,
    private readonly service: ExecutionsService,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dispatch: LocalDispatch,
    bus: LocalBus,
  ) {
    this.agents = new AgentCache(config.agentCacheTtlMs, bus);
  }

  onModuleDestroy(): void {
    this.agents.close();
  }

  async trigger(
    accountId: string,
    agentId: string,
    body: TriggerAgentDto,
    idempotencyKey: string | undefined,
    via: TriggerVia = { source: 'api' },
  ): Promise<TriggerOutcome> {
    const key = checkIdempotencyKey(idempotencyKey);
    const agent = await this.ownedAgent(accountId, agentId);
    return this.triggerAgent(agent, body, key, via);
  }

  /** `trigger` of an agent already found (the account's, live). */
  async triggerAgent(
    agent: Agent,
    body: TriggerAgentDto,
    key: string | null,
    via: TriggerVia,
  ): Promise<TriggerOutcome> {
    const async = body.options?.async ?? false;
    const callbackUrl = body.options?.callback_url ?? null;
    const tags = body.options?.tags ? checkTags(body.options.tags, 'options.tags') : [];
    // The request as it will be run, with defaults applied: what a replay must repeat.
    const requestHash = key
      ? sha256Hex(
          canonicalJson({
            input: body.input,
            options: {
              async,
              callback_url: callbackUrl,
              ...(tags.length > 0 ? { tags } : {}),
            },
          }),
        )
      : null;

    let execution = key ? await this.findByKey(agent.id, key) : null;
    let replayed = execution !== null;
    if (!execution) {
      if (agent.status === 'paused') {
        throw new ApiError('agent_paused', 'The agent is paused; resume it to trigger it');
      }
      // An input that breaks the agent's input_schema creates nothing (400 `input.<path>`).
      assertInputMatches(agent.inputSchema, body.input);
      const request: NewExecution = {
        agent,
        input: body.input,
        source: via.source,
        callbackUrl,
        tags,
        idempotencyKey: key,
        requestHash,
        // A synchronous caller sees only the outcome: this process's worker may take it at once.
        dispatch: !async,
        traceParent: tracing()?.traceParentForNew(via.trace) ?? null,
      };
      // A large input is run, stored and answered on heavy turns (common/heavy-turns.ts).
      await heavyTurnFor(body.input);
      const ran =
        !async && !key && !callbackUrl && !agent.flow ? await this.runFirst(request) : null;
      await heavyTurnFor(body.input);
      const intake = await this.intake.submit(ran ?? request);
      execution = intake.execution;
      replayed = !intake.created;
    }
    if (replayed && execution.requestHash !== requestHash) {
      throw ApiError.conflict(
        'This Idempotency-Key was already used with a different request body for this agent',
      );
    }
    // A run held by flow control answers at once (202 `queued`), as a waiting one does.
    const held = isHeld(execution);
    if (!async && !isFinal(execution) && execution.status !== 'waiting' && !held) {
      const id = execution.id;
      const wait = await this.queue.waitForFinish(id, via.waitMs ?? this.config.syncWaitMs, () =>
        this.executions.exists({ where: { id, status: In([...SETTLED_STATUSES]) } }),
      );
      // Finished here: the worker handed over the final record (the Execution it finished,
      // carried as is by the queue); otherwise read it.
      execution =
        (wait.execution as Execution | undefined) ??
        (await this.executions.findOneBy({ id })) ??
        execution;
    }
    await heavyTurnFor(body.input);
    const finished = isFinal(execution);
    return {
      finished,
      replayed,
      result: {
        execution_id: execution.id,
        // A synchronous trigger that ran out of time reports the run as in progress; one
        // whose run waits answers (202) at once, saying so.
        status:
          finished || async || held || execution.status === 'waiting'
            ? shownStatus(execution.status)
            : 'running',
        output: execution.output,
        error: finished && execution.status === 'failed' ? execution.error : null,
        duration_ms: execution.durationMs,
      },
    };
  }

  /**
   * A synchronous trigger of a pure agent (no effect outside its run, `@AgentKind({ pure })`)
   * while this process's worker has a slot for its account: run before anything is written,
   * then stored once, finished, in one commit instead of two (docs/decisions/0026-sync-runs-of-pure-agents.md). Nothing was acknowledged before that commit; if it fails, nothing
   * was stored and the run left no trace. Null when the worker did not run it.
   */
  private async runFirst(request: NewExecution): Promise<NewExecution | null> {
    const execution = build(request, now());
    claimAt(execution, execution.createdAt, this.config.workerLeaseMs);
    const outcome = (await this.dispatch.runNow(execution, request.agent)) as RunOutcome | null;
    if (!outcome) return null;
    return { ...request, id: execution.id, ran: { startedAt: execution.createdAt, outcome } };
  }

  /** The account's live agent `agentId` (404 otherwise), through the cache. */
  private async ownedAgent(accountId: string, agentId: string): Promise<Agent> {
    const agent = await this.agents.get(
      agentId,
      () => this.service.ownedAgent(accountId, agentId),
      (found) => found.id,
    );
    // A hit may be another account's agent, or one deleted in another process.
    if (!agent || agent.accountId !== accountId || agent.deletedAt) {
      throw ApiError.notFound('Agent');
    }
    return agent;
  }

  private async findByKey(agentId: string, key: string): Promise<Execution | null> {
    const existing = await this.executions.findOneBy({ agentId, idempotencyKey: key });
    if (!existing) return null;
    return now().getTime() - existing.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS ? existing : null;
  }
}

function isFinal(execution: Execution): boolean {
  return FINAL_STATUSES.includes(execution.status);
}

function checkIdempotencyKey(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw ApiError.invalid(
      'Idempotency-Key',
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
    );
  }
  return value;
}
