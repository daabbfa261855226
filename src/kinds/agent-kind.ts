import type { FailedAnswer } from '../common/outbound/failed-answer';
import { Injectable, Type, applyDecorators } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { SchemaObject } from '@nestjs/swagger';
import type { RegisteredKind } from './kind-registry';
import type { TraceContext } from '../tracing/tracing';

/** The level of an entry of an execution's logs (`RunContext.log`). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What `@AgentKind()` says about a kind. */
export interface AgentKindOptions {
  /** The `kind` value of agents of this kind (`GET /v2/agent-kinds`, `POST /v2/agents`). */
  name: string;
  /** One sentence for people choosing a kind (`GET /v2/agent-kinds`, the dashboard). */
  description: string;
  /**
   * The class of the agent's `config`: class-validator decorators check it (400 with
   * `field: "config.<path>"`), `@ApiProperty()` ones describe it (its JSON Schema in
   * `GET /v2/agent-kinds` and the OpenAPI document). See `kind-config.ts`.
   */
  config: Type<object>;
  /**
   * No effect outside the run, and the same output for the same input and config: as a
   * workflow step its result need not be checkpointed (it is recomputed on resume).
   */
  pure?: boolean;
  /**
   * A hand-written JSON Schema of the config instead of the one generated from `config`, for a
   * config no class describes well (`workflow`: a schema per step type, discriminated by
   * `type`). Called once the other kinds are registered, with them. `schemas` must hold the
   * config's schema under `config`'s class name.
   */
  schema?: (kinds: readonly RegisteredKind[]) => {
    schema: SchemaObject;
    schemas: Record<string, SchemaObject>;
  };
}

/** The discoverable half of `@AgentKind()`: the registry finds kinds by its key. */
export const AgentKindMetadata = DiscoveryService.createDecorator<AgentKindOptions>();

/**
 * Makes a class an agent kind: a Nest provider (it may inject what it needs) that the kind
 * registry discovers. Put it in `src/runner/kinds/<name>.kind.ts`, one class a file: the
 * kinds module loads every such file (docs/extending.md).
 */
export const AgentKind = (options: AgentKindOptions): ClassDecorator =>
  applyDecorators(Injectable(), AgentKindMetadata(options));

/** The `@AgentKind()` options of a class, if it carries the decorator. */
export function agentKindOptions(target: unknown): AgentKindOptions | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getMetadata(AgentKindMetadata.KEY, target) as AgentKindOptions | undefined;
}

/** What a run can do besides computing its output. */
export interface RunContext<TConfig extends object = Record<string, unknown>> {
  executionId: string;
  agentId: string;
  accountId: string;
  /**
   * The agent's config: an object of the kind's config class, validated and normalised; for
   * a kind without its own parseConfig, frozen and shared by the runs of that agent version.
   */
  config: TConfig;
  /** Appends an entry to the execution's logs. Never pass credentials. */
  log(level: LogLevel, message: string): void;
  /** Aborted on cancel and on timeout; long-running kinds must honour it. */
  signal: AbortSignal;
  /** The agent version whose config this is (a cache key with `agentId`). */
  agentVersion?: number;
  /** The execution's `source` (`api`, `webhook`, `retry`, `schedule`). */
  source?: string;
  /** `source: "schedule"`: the schedule and the nominal fire time (ISO 8601). */
  schedule?: { id: string; scheduledFor: string };
  /** Which attempt of the execution this run is (1 on its first claim). */
  attempt?: number;
  /**
   * Tracing on: the context of the run's span (the execution's attempt, or a test run's
   * request), the parent to give to what the run sends (`OutboundClient.request`'s `trace`).
   */
  trace?: TraceContext;
  /**
   * Runs `work`, which only waits on the network, without holding a worker slot, and takes a
   * slot again before resolving (absent outside a worker: then call `work` directly).
   */
  idle?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Stores the log so far in the execution's row (when it changed since the last write), so
   * that a crash during what comes next (a call out) keeps it: call it before a side effect.
   * `idle` does it before its work. Absent outside a worker (nothing is stored there).
   */
  saveLog?(): Promise<void>;
  /**
   * Hands over the step records the run ends with (a workflow's `steps`), to be stored with
   * its outcome in the transaction that records it; `replace`: they replace the records of
   * the execution stored before; `tokens`: a step created wait tokens (those still waiting are
   * cancelled with the outcome). Absent outside a worker (nothing is stored there).
   */
  keepSteps?(records: readonly Record<string, unknown>[], replace: boolean, tokens?: boolean): void;
}

/** What a class carrying `@AgentKind()` implements: one run of an agent on one input. */
export interface AgentKindHandler<TConfig extends object = Record<string, unknown>> {
  run(input: Record<string, unknown>, ctx: RunContext<TConfig>): Promise<Record<string, unknown>>;
  /**
   * Optional: validates a config itself instead of the config class (throws
   * ConfigValidationError with the path below `config`). `cacheKey` (`<agent id>:<version>`)
   * is given when the config is one of a stored version, which never changes: the kind may
   * keep what it derived from it under that key.
   */
  parseConfig?(config: Record<string, unknown>, cacheKey?: string): Record<string, unknown>;
}

/**
 * A failure the kind reports on purpose (bad input, upstream error): the execution fails
 * with this code and message. Any other exception fails it with `agent_error`.
 */
export class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The workflow step that failed (`error.step`). */
    readonly step?: string,
    /** An `http_error`'s answer (`error.response`). */
    readonly response?: FailedAnswer,
  ) {
    super(message);
  }
}

/**
 * Thrown by a run that pauses (a workflow's `wait` step): the execution becomes `waiting`,
 * gives up its slot and its lease, and is claimed again when it wakes (at `wakeAt`, or
 * earlier when what it waits for happens). Its steps were handed over by `keepSteps` first.
 */
export class RunWaiting extends Error {
  constructor(
    /** The record id of the step that waits. */
    readonly step: string,
    /** When the execution wakes by itself. */
    readonly wakeAt: Date,
    /** Whether `wakeAt` is a time the step waits for (shown as `until`). */
    readonly timed: boolean,
    readonly tokenId?: string,
    /** The child execution an `agent` step waits for. */
    readonly childId?: string,
  ) {
    super(`The run waits at step ${step}`);
  }
}

/** A bad agent config: answered as 400 with `field: "config.<path>"`. */
export class ConfigValidationError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}
