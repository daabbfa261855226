import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { heavyTurnFor } from '../common/heavy-turns';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { AgentCache } from '../agents/agent-cache';
import { Agent } from '../agents/agent.entity';
import { AgentVersions } from '../agents/agent-versions.service';
import { jsonValueTooDeep, MAX_JSON_DEPTH } from '../common/json-depth';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import type { Execution, ExecutionError, LogEntry } from '../executions/execution.entity';
import type { RunOutcome } from '../executions/execution-lifecycle.service';
import type { RunSteps } from '../executions/step-rows';
import { ConfigValidationError, RunContext, RunFailure, RunWaiting } from '../kinds/agent-kind';
import { KindRegistry } from '../kinds/kind-registry';
import { LocalBus } from '../queue/local-bus';
import { RunLog } from './run-log';
import { tracing, type TraceContext } from '../tracing/tracing';

/** Why a run's signal was aborted. */
export type AbortReason = 'cancelled' | 'timeout' | 'shutdown' | 'lost';

export class RunAborted extends Error {
  constructor(readonly reason: AbortReason) {
    super(`Run aborted: ${reason}`);
  }
}

/**
 * How often a running execution's log is written while it runs (when it grew), so that its
 * page shows it live; runs shorter than this write their log once, with the outcome.
 */
export const LIVE_LOG_MS = 500;

/** Writes a running execution's log so far; a failure is ignored (the next write retries). */
export type LiveLogWriter = (logs: LogEntry[]) => Promise<void>;

/** The result of one run: a final outcome to record, or an abort that records nothing. */
export type RunResult =
  | { kind: 'finished'; outcome: RunOutcome }
  | { kind: 'cancelled'; logs: RunLog; steps?: RunSteps }
  /** The run paused (a workflow's `wait`): the execution is to be recorded as waiting. */
  | { kind: 'waiting'; wait: RunWaiting; logs: LogEntry[]; steps?: RunSteps }
  | { kind: 'abandoned' };

/**
 * Runs one claimed execution through its agent's kind: resolves the agent and its config,
 * enforces the agent's `timeout_ms` (aborting the kind's signal), and turns whatever
 * happens into an outcome. It never throws: a kind's exception is an `agent_error`.
 */
@Injectable()
export class ExecutionRunner implements OnModuleDestroy {
  /** Agents by id for runs (AGENT_CACHE_TTL_MS; changes in this process evict at once). */
  private readonly cache: AgentCache<Agent>;

  constructor(
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    private readonly kinds: KindRegistry,
    private readonly versions: AgentVersions,
    @Inject(APP_CONFIG) config: AppConfig,
    bus: LocalBus,
  ) {
    this.cache = new AgentCache(config.agentCacheTtlMs, bus);
  }

  onModuleDestroy(): void {
    this.cache.close();
  }

  /** Whether `kind` is a registered kind that declares itself pure (`@AgentKind({ pure })`). */
  isPure(kind: string): boolean {
    return this.kinds.has(kind) && this.kinds.get(kind).pure;
  }

  /**
   * Agents by id (deleted ones included: their executions still run), from the cache or with
   * one query for those missing.
   */
  async loadAgents(ids: string[]): Promise<Map<string, Agent>> {
    const found = new Map<string, Agent>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.cache.peek(id);
      if (hit) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.cache.generation;
    for (const agent of await this.agents.findBy({ id: In(missing) })) {
      found.set(agent.id, agent);
      this.cache.put(agent.id, agent, agent.id, generation);
    }
    return found;
  }

  /**
   * Runs `execution`. `agent` may be given when the caller already read it (the worker reads
   * the agents of a claimed batch at once); otherwise it is read here. With `liveLogs`, the
   * log is also written every LIVE_LOG_MS while the kind runs, when it grew, and before each
   * wait on the network. `idle` is the worker's RunContext.idle (waiting on the network
   * without a slot: RunSlots).
   */
  run(
    execution: Execution,
    controller: AbortController,
    agent?: Agent,
    liveLogs?: LiveLogWriter,
    idle?: RunContext['idle'],
  ): Promise<RunResult> {
    const traces = tracing();
    if (!traces) return this.runAttempt(execution, controller, agent, liveLogs, idle);
    // Tracing on: the attempt's span, in the trace the execution keeps.
    return traces.execution(
      execution,
      (trace) => this.runAttempt(execution, controller, agent, liveLogs, idle, trace),
      (result) => (result.kind === 'finished' ? result.outcome.status : result.kind),
    );
  }

  private async runAttempt(
    execution: Execution,
    controller: AbortController,
    agent?: Agent,
    liveLogs?: LiveLogWriter,
    idle?: RunContext['idle'],
    trace?: TraceContext,
  ): Promise<RunResult> {
    // A run taken over after its worker stopped goes on from the log that worker left.
    const log = new RunLog(execution.attempts > 1 ? (execution.logs ?? []) : []);
    const startedAt = Date.now();
    let steps: RunSteps | undefined; // handed over by the kind (keepSteps)
    // Every failure leaves an error entry; a kind that reported its own failure already did.
    const fail = (
      code: string,
      message: string,
      reportedByKind = false,
      step?: string,
      response?: ExecutionError['response'],
    ) => {
      if (!reportedByKind || !log.hasLevel('error')) log.add('error', message);
      const error: ExecutionError =
        step === undefined ? { code, message } : { code, message, step };
      if (response) error.response = response;
      return { kind: 'finished', outcome: outcome(log, null, error, steps) } as RunResult;
    };
    log.add('info', `Run started (${execution.agentKind}, attempt ${execution.attempts})`);

    if (!agent) {
      try {
        // A deleted agent's queued executions still run: they were acknowledged.
        agent = (await this.agents.findOneBy({ id: execution.agentId })) ?? undefined;
      } catch {
        return { kind: 'abandoned' }; // the database is unavailable: lease recovery retries
      }
    }
    if (!agent) return fail('agent_error', 'The agent no longer exists');
    if (!this.kinds.has(execution.agentKind)) {
      return fail('agent_error', `Unknown agent kind "${execution.agentKind}"`);
    }
    const kind = this.kinds.get(execution.agentKind);
    let versionConfig: Record<string, unknown> | null;
    try {
      versionConfig = await this.versions.config(agent, execution.agentVersion);
    } catch {
      return { kind: 'abandoned' }; // the database is unavailable: lease recovery retries
    }
    if (!versionConfig) {
      return fail('agent_error', `Version ${execution.agentVersion} of the agent no longer exists`);
    }
    let config: Record<string, unknown>;
    try {
      // A stored version never changes: a kind may keep what it derives from it (workflow).
      config = kind.parseConfig(versionConfig, `${agent.id}:${execution.agentVersion}`);
    } catch (error) {
      const where = error instanceof ConfigValidationError ? ` (config.${error.path})` : '';
      return fail('invalid_config', `The agent's config is invalid${where}: ${messageOf(error)}`);
    }

    const signal = controller.signal;
    const timer = setTimeout(() => controller.abort(new RunAborted('timeout')), agent.timeoutMs);
    const live = liveLogs ? writeWhileRunning(log, liveLogs) : undefined;
    const ctx: RunContext = {
      executionId: execution.id,
      agentId: execution.agentId,
      accountId: execution.accountId,
      config,
      log: (level, message) => log.add(level, message),
      signal,
      agentVersion: execution.agentVersion,
      source: execution.source,
      ...(execution.scheduleId && execution.scheduledFor
        ? {
            schedule: {
              id: execution.scheduleId,
              scheduledFor: execution.scheduledFor.toISOString(),
            },
          }
        : {}),
      attempt: execution.attempts,
      trace,
      // Before the run waits on the network (a call out), what it logged so far is stored:
      // a crash during the call then leaves those entries for the next attempt to follow.
      idle: idle && live ? (work) => live.flush().then(() => idle(work)) : idle,
      ...(live ? { saveLog: () => live.flush() } : {}),
      keepSteps: (records, replace, tokens) => (steps = { records, replace, tokens }),
    };
    let removeListener = () => {};
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      removeListener = () => signal.removeEventListener('abort', onAbort);
    });
    aborted.catch(() => undefined);
    try {
      // A large input (a 1 MiB body) starts its run on a heavy turn (common/heavy-turns.ts).
      const running = heavyTurnFor(execution.input).then(() =>
        kind.handler.run(execution.input, ctx),
      );
      running.catch(() => undefined); // it may settle after the race is decided
      const output = await Promise.race([running, aborted]);
      if (signal.aborted) throw signal.reason;
      if (jsonValueTooDeep(output)) {
        return fail(
          'agent_error',
          `The agent's output is nested more than ${MAX_JSON_DEPTH} levels deep`,
        );
      }
      const value = toJsonObject(output);
      if (!value) return fail('agent_error', 'The agent returned no JSON object');
      log.add('info', `Completed in ${Date.now() - startedAt} ms`);
      return { kind: 'finished', outcome: outcome(log, value, null, steps) };
    } catch (error) {
      const reason = signal.aborted ? abortReason(signal.reason) : null;
      if (reason === 'timeout') {
        return fail('timeout', `The run exceeded the agent's timeout of ${agent.timeoutMs} ms`);
      }
      if (reason === 'cancelled') return { kind: 'cancelled', logs: log, steps };
      if (reason) return { kind: 'abandoned' };
      if (error instanceof RunWaiting) {
        log.add('info', `Waiting at step ${error.step}`);
        return { kind: 'waiting', wait: error, logs: log.toJSON(), steps };
      }
      if (error instanceof RunFailure) {
        return fail(error.code, error.message, true, error.step, error.response);
      }
      return fail('agent_error', `The agent failed: ${messageOf(error)}`);
    } finally {
      clearTimeout(timer);
      removeListener();
      live?.stop();
    }
  }
}

/**
 * Writes `log` every LIVE_LOG_MS when it changed, one write at a time, until `stop()`;
 * `flush()` writes it now (after a write in flight) and resolves once it is stored, so that
 * what a run logged before it calls out is in its row before the call goes out. A write
 * still in flight at `stop()` is not waited for: it only changes a row that is still running
 * this attempt, so it cannot land over the outcome (or a cancellation) recorded after it. A
 * failed write is not the run's failure: the next one carries the same entries.
 */
function writeWhileRunning(
  log: RunLog,
  write: LiveLogWriter,
): { flush(): Promise<void>; stop(): void } {
  let written = 0;
  let queued = 0;
  let writes: Promise<void> = Promise.resolve();
  const enqueue = (): Promise<void> => {
    queued++;
    writes = writes.then(async () => {
      try {
        if (log.version === written) return;
        const version = log.version;
        await write(log.toJSON());
        written = version;
      } catch {
        // the next write carries the same entries
      } finally {
        queued--;
      }
    });
    return writes;
  };
  const timer = setInterval(() => {
    if (queued === 0 && log.version !== written) void enqueue();
  }, LIVE_LOG_MS);
  timer.unref();
  return {
    flush: enqueue,
    stop() {
      clearInterval(timer);
    },
  };
}

function outcome(
  log: RunLog,
  output: Record<string, unknown> | null,
  error: ExecutionError | null,
  steps: RunSteps | undefined,
): RunOutcome {
  return {
    status: error ? 'failed' : 'completed',
    output,
    error,
    logs: log.toJSON(),
    completedAt: now(),
    steps,
  };
}

function abortReason(reason: unknown): AbortReason {
  return reason instanceof RunAborted ? reason.reason : 'cancelled';
}

/** A kind's output as stored: a plain JSON object (a copy), or null if it is not one. */
function toJsonObject(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
