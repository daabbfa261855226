import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth.decorators';
import { ApiError } from '../common/api-error';
import { assertMayUseSecrets } from '../secrets/secret-use';
import { ConfigValidationError, RunContext, RunFailure } from '../kinds/agent-kind';
import { KindRegistry } from '../kinds/kind-registry';
import type { WorkflowKind } from '../workflows/workflow.kind';
import type { StepRecord } from '../workflows/context';
import { AgentsService } from '../agents/agents.service';
import type { TestAgentDto } from './test-agent.dto';

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
 */
@Injectable()
export class AgentTestService {
  constructor(
    private readonly agents: AgentsService,
    private readonly kinds: KindRegistry,
  ) {}

  /** `auth` must hold `secrets:use` when the config run references a secret (403 otherwise). */
  async test(auth: AuthContext, agentId: string, body: TestAgentDto): Promise<AgentTestResult> {
    const accountId = auth.account.id;
    const agent = await this.agents.findOwned(accountId, agentId);
    assertMayUseSecrets(auth, body.config ?? agent.config);
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
