import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth.decorators';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import type { Plan } from '../config/plans';
import { assertMayUseSecrets } from '../secrets/secret-use';
import { runCaps } from '../throttling/plan-limits';
import { ConfigValidationError, RunContext, RunFailure } from '../kinds/agent-kind';
import { KindRegistry } from '../kinds/kind-registry';
import type { WorkflowKind } from '../workflows/workflow.kind';
import type { StepRecord } from '../workflows/context';
import type { Agent } from '../agents/agent.entity';
import { AgentsService } from '../agents/agents.service';
import type { TestAgentDto } from './test-agent.dto';
import type { TraceContext } from '../tracing/tracing';

export interface AgentTestResult {
  status: 'completed' | 'failed';
  output: Record<string, unknown> | null;
  error: { code: string; message: string; step?: string } | null;
  steps: StepRecord[];
}

/**
 * `POST /v2/agents/:id/test` (docs/workflows.md, The definition): runs a config (the agent's, or
 * the one given) on an input at once, in this process, without creating an execution, bounded by
 * the agent's `timeout_ms`. A workflow runs with its mocks and keeps no checkpoint; any other kind
 * runs once, as its executions would (docs/decisions/0040-workflow-runs-in-the-service.md).
 *
 * Test runs are runs: each is a request counted against the account's rate limits (the
 * guard), and an account has at most its plan's runs at once (the cap of the worker's
 * fairness, `runCaps`) in flight on this route in this process; past it, 429 `rate_limited`.
 */
@Injectable()
export class AgentTestService {
  private readonly caps: Record<Plan, number>;
  /** Test runs in flight, by account. */
  private readonly running = new Map<string, number>();

  constructor(
    private readonly agents: AgentsService,
    private readonly kinds: KindRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.caps = runCaps(config.workerConcurrency, config.accountConcurrency);
  }

  /**
   * `auth` must hold `secrets:use` when the agent's config or the one given references a secret
   * (403 otherwise).
   */
  /** `trace` (tracing on): the request's context, the parent of the run's spans. */
  async test(
    auth: AuthContext,
    agentId: string,
    body: TestAgentDto,
    trace?: TraceContext,
  ): Promise<AgentTestResult> {
    const account = auth.account;
    const accountId = account.id;
    const agent = await this.agents.findOwned(accountId, agentId);
    // The agent's own config counts even when the body brings another one: a test run of an
    // agent whose config uses a secret needs the scope, as does a config given that uses one.
    assertMayUseSecrets(auth, agent.config);
    if (body.config !== undefined) assertMayUseSecrets(auth, body.config);
    const cap = this.caps[account.plan] ?? Math.min(...Object.values(this.caps));
    const running = this.running.get(accountId) ?? 0;
    if (running >= cap) {
      throw new ApiError(
        'rate_limited',
        `The account already has ${cap} runs at once on the test route, as many as its plan allows; retry when one has ended`,
        undefined,
        { 'Retry-After': '1' },
      );
    }
    this.running.set(accountId, running + 1);
    try {
      return await this.run(accountId, agent, body, trace);
    } finally {
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
    }
  }

  private async run(
    accountId: string,
    agent: Agent,
    body: TestAgentDto,
    trace: TraceContext | undefined,
  ): Promise<AgentTestResult> {
    const kind = this.kinds.get(agent.kind);
    const workflow = agent.kind === 'workflow';
    if (body.mocks !== undefined && !workflow) {
      throw ApiError.invalid('mocks', 'mocks apply to workflow agents only');
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), agent.timeoutMs);
    const log: RunContext['log'] = () => undefined;
    try {
      if (workflow) {
        return await (kind.handler as WorkflowKind).test({
          agentId: agent.id,
          accountId,
          input: body.input,
          config: body.config ?? agent.config,
          cacheKey: body.config === undefined ? `${agent.id}:${agent.version}` : undefined,
          mocks: body.mocks,
          signal: controller.signal,
          log,
          trace,
        });
      }
      const config = this.kinds.validate(agent.kind, body.config ?? agent.config ?? {});
      const output = await kind.handler.run(body.input, {
        executionId: 'test',
        agentId: agent.id,
        accountId,
        config,
        log,
        signal: controller.signal,
        agentVersion: agent.version,
        source: 'test',
        trace,
      });
      return { status: 'completed', output, error: null, steps: [] };
    } catch (error) {
      if (error instanceof ConfigValidationError) {
        throw ApiError.invalid(error.path ? `config.${error.path}` : 'config', error.message);
      }
      if (error instanceof ApiError) throw error;
      if (controller.signal.aborted) {
        const message = `The run exceeded the agent's timeout of ${agent.timeoutMs} ms`;
        return failed('timeout', message);
      }
      if (error instanceof RunFailure) return failed(error.code, error.message);
      const message = error instanceof Error ? error.message : String(error);
      return failed('agent_error', `The agent failed: ${message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

function failed(code: string, message: string): AgentTestResult {
  return { status: 'failed', output: null, error: { code, message }, steps: [] };
}
