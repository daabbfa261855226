import {
  Inject,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { SecretBox } from '../common/crypto';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { AccountSecret } from '../secrets/secret.entity';
import { WaitTokens } from '../executions/wait-tokens';
import {
  CHILD_EXECUTIONS,
  type ChildExecutions,
  MODEL_METER,
  type ModelMeter,
  type StepRecord,
  type WaitTokenPort,
  type WorkflowRunContext,
} from './context';
import type { ExpressionSandbox } from './expressions/sandbox';
import { OutboundHttpClient } from './http/outbound-http-client';
import { memoryCheckpoint, StepStore } from './service/step-store';
import { WorkflowCache } from './service/workflow-cache';
import { acquireSandbox, releaseSandbox } from './service/workflow-resources';
import { workflowConfigSchema } from './service/workflow-schema';
import { runWorkflow, type WorkflowResult } from './workflow-runner';
import {
  AgentKind,
  AgentKindHandler,
  RunContext,
  RunFailure,
  RunWaiting,
} from '../kinds/agent-kind';
import { KindRegistry } from '../kinds/kind-registry';

/** The `config` of a workflow agent; its schema is written by hand (workflow-schema.ts). */
export class WorkflowConfig {}

/** What a test run (`POST /v2/agents/:id/test`) gives. */
export interface WorkflowTestRun {
  agentId: string;
  accountId: string;
  input: Record<string, unknown>;
  config: Record<string, unknown>;
  /** `<agent id>:<version>` when `config` is a stored version's (compiled once). */
  cacheKey?: string;
  mocks?: Record<string, unknown>;
  signal: AbortSignal;
  log: RunContext['log'];
  /** Tracing on: the test request's context (its server span), the parent of the steps' spans. */
  trace?: RunContext['trace'];
}

/**
 * `workflow` (docs/workflows.md, The definition): runs the steps of its config with the engine of
 * `src/workflows/`. The config is compiled once per agent version (`WorkflowCache`), each
 * finished step is checkpointed in `execution_steps` (`StepStore`), so a run claimed again
 * after a crash resumes after its last finished step, on any worker.
 */
@AgentKind({
  name: 'workflow',
  description:
    'Runs steps defined as data (transform, http, branch, foreach, fail, llm and every agent kind), durably.',
  config: WorkflowConfig,
  schema: workflowConfigSchema,
})
export class WorkflowKind
  implements AgentKindHandler, OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private sandbox?: ExpressionSandbox;
  private http?: OutboundHttpClient;
  /** For the operator's LLM_BASE_URL, which may be a private address. */
  private modelHttp?: OutboundHttpClient;
  private readonly cache = new WorkflowCache(() => ({
    kinds: (name) => (this.registry.has(name) ? this.registry.get(name) : undefined),
    sandbox: this.sandbox ?? (this.sandbox = acquireSandbox()),
  }));

  constructor(
    private readonly registry: KindRegistry,
    @Optional() @Inject(getDataSourceToken()) private readonly dataSource?: DataSource,
    @Optional() private readonly box?: SecretBox,
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
    /**
     * Model-call allowance and usage of `llm` steps, for executions and test runs alike (a test
     * run's model calls cost the same tokens; docs/decisions/0042-model-usage-and-allowance.md). Absent
     * in the CLI.
     */
    @Optional() @Inject(MODEL_METER) private readonly meter?: ModelMeter,
    /** The child executions of `agent` steps (the execution store); absent in the CLI. */
    @Optional() @Inject(CHILD_EXECUTIONS) private readonly children?: ChildExecutions,
  ) {}

  onModuleInit(): void {
    this.sandbox ??= acquireSandbox();
  }

  /**
   * A process with the worker role starts the evaluator processes now rather than on the first
   * costly expression. Elsewhere (the API's test route, the CLI) they start when first needed.
   */
  onApplicationBootstrap(): void {
    if (this.config?.roles.has('worker')) (this.sandbox ??= acquireSandbox()).warm();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sandbox) releaseSandbox();
    this.sandbox = undefined;
    await this.http?.close();
    this.http = undefined;
    await this.modelHttp?.close();
    this.modelHttp = undefined;
  }

  /** Validates by compiling (400 at the engine's path); a stored version compiles once. */
  parseConfig(config: Record<string, unknown>, cacheKey?: string): Record<string, unknown> {
    this.cache.compile(config, cacheKey);
    return config;
  }

  async run(input: Record<string, unknown>, ctx: RunContext): Promise<Record<string, unknown>> {
    const key = ctx.agentVersion === undefined ? undefined : `${ctx.agentId}:${ctx.agentVersion}`;
    const workflow = this.cache.compile(ctx.config, key);
    const fresh = ctx.attempt === 1 && ctx.source !== 'retry';
    const checkpoint = new StepStore(this.db()).checkpoint(ctx.executionId, { fresh });
    let result: WorkflowResult;
    try {
      result = await runWorkflow(
        workflow,
        this.context(ctx.executionId, ctx.agentId, ctx.accountId, ctx.source ?? 'api', input, {
          schedule: ctx.schedule,
          signal: ctx.signal,
          log: ctx.log,
          checkpoint,
          idle: ctx.idle,
          suspendable: true,
          tokens: this.tokens(ctx),
          children: this.children?.port({
            executionId: ctx.executionId,
            accountId: ctx.accountId,
          }),
          trace: ctx.trace,
        }),
      );
    } catch (error) {
      // Aborted (cancel, timeout, shutdown) or the store failed: keep what finished (and,
      // cancelled or timed out, the steps it cut short, failed).
      await checkpoint.end();
      await checkpoint.flush().catch(() => undefined);
      throw error;
    }
    const steps = await checkpoint.final(result.steps);
    ctx.keepSteps?.(steps.records, steps.replace, steps.tokens);
    if (result.waiting) {
      const { step, wakeAt, timed, tokenId, childId } = result.waiting;
      throw new RunWaiting(step, new Date(wakeAt), timed, tokenId, childId);
    }
    if (result.error)
      throw new RunFailure(
        result.error.code,
        result.error.message,
        result.error.step,
        result.error.response,
      );
    return asObject(result.output);
  }

  /** A test run: nothing stored, mocked steps not run. Throws ConfigValidationError. */
  async test(run: WorkflowTestRun): Promise<{
    status: 'completed' | 'failed';
    output: Record<string, unknown> | null;
    error: WorkflowResult['error'];
    steps: StepRecord[];
  }> {
    const workflow = this.cache.compile(run.config, run.cacheKey);
    const result = await runWorkflow(
      workflow,
      this.context(`test_${randomUUID()}`, run.agentId, run.accountId, 'test', run.input, {
        signal: run.signal,
        log: run.log,
        checkpoint: memoryCheckpoint(),
        mocks: run.mocks,
        trace: run.trace,
      }),
    );
    const output = result.status === 'completed' ? asObject(result.output) : null;
    // A test run is not suspendable: its waits end at once, so it never ends `waiting`.
    const status = result.status === 'completed' ? 'completed' : 'failed';
    return { status, output, error: result.error, steps: result.steps };
  }

  private context(
    id: string,
    agentId: string,
    accountId: string,
    source: string,
    input: Record<string, unknown>,
    rest: Pick<
      WorkflowRunContext,
      'signal' | 'checkpoint' | 'mocks' | 'idle' | 'suspendable' | 'tokens' | 'children' | 'trace'
    > & {
      log: RunContext['log'];
      schedule?: RunContext['schedule'];
    },
  ): WorkflowRunContext {
    return {
      execution: {
        id,
        agent_id: agentId,
        source,
        schedule_id: rest.schedule?.id ?? null,
        scheduled_for: rest.schedule?.scheduledFor ?? null,
      },
      accountId,
      input,
      signal: rest.signal,
      checkpoint: rest.checkpoint,
      mocks: rest.mocks,
      idle: rest.idle,
      suspendable: rest.suspendable,
      tokens: rest.tokens,
      children: rest.children,
      trace: rest.trace,
      meter: this.meter,
      logger: { log: (level, message) => rest.log(level, message) },
      http: (this.http ??= new OutboundHttpClient({
        allowPrivate: this.config?.outboundAllowPrivate ?? false,
      })),
      secrets: (name) => this.secret(accountId, name),
      models: this.config && {
        ...this.config.llm,
        http: (this.modelHttp ??= new OutboundHttpClient({ allowPrivate: true })),
      },
    };
  }

  /** The wait tokens of an execution's run, in the execution store's table. */
  private tokens(ctx: RunContext): WaitTokenPort {
    const store = new WaitTokens(this.db());
    const baseUrl = this.config?.baseUrl ?? '';
    return {
      create: (request) =>
        store.create(
          {
            ...request,
            accountId: ctx.accountId,
            agentId: ctx.agentId,
            executionId: ctx.executionId,
          },
          baseUrl,
        ),
      get: async (id) => {
        const token = await store.ofExecution(ctx.executionId, id);
        if (!token) return null;
        return {
          status: token.status,
          expiresAt: token.expiresAt.getTime(),
          choice: token.choice,
          data: token.data,
          completedAt: token.completedAt?.toISOString() ?? null,
          completedBy: token.completedBy,
        };
      },
      expire: (id) => store.expire(id),
    };
  }

  private async secret(accountId: string, name: string): Promise<string | undefined> {
    const row = await this.db().getRepository(AccountSecret).findOneBy({ accountId, name });
    if (!row || !this.box) return undefined;
    return this.box.open(row.valueEnc);
  }

  private db(): DataSource {
    if (!this.dataSource) throw new Error('The workflow kind needs the database');
    return this.dataSource;
  }
}

/** A workflow's output as an execution's: an object as is, anything else as `{value}`. */
function asObject(output: unknown): Record<string, unknown> {
  if (output !== null && typeof output === 'object' && !Array.isArray(output)) {
    return output as Record<string, unknown>;
  }
  return { value: output ?? null };
}
