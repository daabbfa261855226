import { Injectable, SetMetadata, applyDecorators } from '@nestjs/common';
import type { LogLevel } from '../../executions/execution.entity';

export const AGENT_KIND = 'runner:agent-kind';

/** Marks a provider as an agent kind; the registry discovers every such provider. */
export const AgentKindProvider = (): ClassDecorator =>
  applyDecorators(Injectable(), SetMetadata(AGENT_KIND, true));

/** What a run can do besides computing its output. */
export interface RunContext {
  executionId: string;
  agentId: string;
  accountId: string;
  /** The agent's config, as validated by `validateConfig`. */
  config: Record<string, unknown>;
  /** Appends an entry to the execution's logs. Never pass credentials. */
  log(level: LogLevel, message: string): void;
  /** Aborted on cancel and on timeout; long-running kinds must honour it. */
  signal: AbortSignal;
}

/**
 * A failure the kind reports on purpose (bad input, upstream error): the execution fails
 * with this code and message. Any other exception fails it with `agent_error`.
 */
export class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One kind of agent. Adding a kind is writing one class that implements this and carries
 * `@AgentKindProvider()`, and listing it in the runner module's `KINDS`.
 */
export interface AgentKind {
  /** The `kind` value of agents of this kind. */
  readonly name: string;
  /** One sentence for people choosing a kind (`GET /v2/agent-kinds`). */
  readonly description?: string;
  /** JSON Schema of the config (`GET /v2/agent-kinds`); `validateConfig` stays the authority. */
  readonly configSchema?: Record<string, unknown>;
  /** Returns the normalised config or throws `ConfigValidationError` naming the field. */
  validateConfig(config: Record<string, unknown>): Record<string, unknown>;
  run(input: Record<string, unknown>, ctx: RunContext): Promise<Record<string, unknown>>;
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
