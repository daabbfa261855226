import { isAddressNotAllowed } from '../../common/outbound/outbound-policy';
import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath } from '../expressions/value';
import type { ExpressionSandbox } from '../expressions/sandbox';
import { arrayField, isPlainObject, objectField } from '../fields';
import { compileHeaders, resolveHeaders, type CompiledHeaders } from '../http/header-values';
import { describeTarget, isHttpUrl } from '../http/response';
import type { StepContext } from '../step-type';
import type { ValidateFunction } from 'ajv';
import type { LlmToolCallRecord } from './llm-record';
import { compileParameters, describeSchemaError } from './output-schema';
import { runAgentToolCall } from './agent-tools';

/**
 * A tool the model may call: an HTTP endpoint, or an agent of the account (`agent`: each call
 * a child execution; docs/workflows.md, LLM steps).
 */
export interface CompiledTool {
  name: string;
  description?: string;
  /** Null: an agent tool without `parameters`, whose agent's `input_schema` is used. */
  parameters: Record<string, unknown> | null;
  /** Checks the model's arguments against `parameters` (null: the child's input_schema does). */
  validate: ValidateFunction | null;
  /** An agent tool: the agent's id (`url`, `method`, `headers` are then unused). */
  agent?: string;
  url: string;
  method: string;
  headers: CompiledHeaders;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const MAX_TOOLS = 32;
/** Tool calls of one turn run at once, at most this many together. */
export const TOOL_CONCURRENCY = 4;
/** A tool's answer sent back to the model: at most this many bytes. */
export const MAX_TOOL_RESULT_BYTES = 256 * 1024;

export function compileTools(
  raw: unknown,
  path: string,
  sandbox: ExpressionSandbox,
): CompiledTool[] {
  if (raw === undefined) return [];
  const list = arrayField(raw, path, 'tools');
  if (list.length > MAX_TOOLS) {
    throw new ConfigValidationError(path, `At most ${MAX_TOOLS} tools`);
  }
  const names = new Set<string>();
  return list.map((item, index) => {
    const at = childPath(path, index);
    const tool = objectField(item, at, ['name', 'description', 'parameters', 'http', 'agent']);
    if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
      throw new ConfigValidationError(
        childPath(at, 'name'),
        'name must match ^[A-Za-z0-9_-]{1,64}$',
      );
    }
    if (names.has(tool.name)) {
      throw new ConfigValidationError(
        childPath(at, 'name'),
        `The tool name "${tool.name}" is used twice`,
      );
    }
    names.add(tool.name);
    if (
      tool.description !== undefined &&
      (typeof tool.description !== 'string' || tool.description.length > 1024)
    ) {
      throw new ConfigValidationError(
        childPath(at, 'description'),
        'description must be a string of at most 1024 characters',
      );
    }
    const parameters = tool.parameters;
    if (tool.agent !== undefined) return agentTool(tool, at);
    if (!isPlainObject(parameters) || parameters.type !== 'object') {
      throw new ConfigValidationError(
        childPath(at, 'parameters'),
        'parameters must be a JSON Schema of "type": "object"',
      );
    }
    const httpPath = childPath(at, 'http');
    const http = objectField(tool.http, httpPath, ['url', 'method', 'headers']);
    if (typeof http.url !== 'string' || !isHttpUrl(http.url)) {
      throw new ConfigValidationError(
        childPath(httpPath, 'url'),
        'url must be an absolute http or https URL',
      );
    }
    const method =
      typeof http.method === 'string' ? http.method.toUpperCase() : (http.method ?? 'POST');
    if (typeof method !== 'string' || !METHODS.includes(method)) {
      throw new ConfigValidationError(
        childPath(httpPath, 'method'),
        `method must be one of ${METHODS.join(', ')}`,
      );
    }
    return {
      name: tool.name,
      description: tool.description as string | undefined,
      parameters,
      validate: compileParameters(parameters, childPath(at, 'parameters')),
      url: http.url,
      method,
      headers: compileHeaders(http.headers, childPath(httpPath, 'headers'), sandbox),
    };
  });
}

/** An agent tool: `{name, description?, parameters?, agent}`, checked as an http tool is. */
function agentTool(tool: Record<string, unknown>, at: string): CompiledTool {
  if (typeof tool.agent !== 'string' || tool.agent === '') {
    throw new ConfigValidationError(
      childPath(at, 'agent'),
      'agent must be the id of an agent of this account',
    );
  }
  if (tool.http !== undefined) {
    throw new ConfigValidationError(childPath(at, 'http'), 'A tool has either http or agent');
  }
  const parameters = tool.parameters;
  if (parameters !== undefined && (!isPlainObject(parameters) || parameters.type !== 'object')) {
    throw new ConfigValidationError(
      childPath(at, 'parameters'),
      'parameters must be a JSON Schema of "type": "object"',
    );
  }
  return {
    name: tool.name as string,
    description: tool.description as string | undefined,
    parameters: parameters ?? null,
    validate: parameters ? compileParameters(parameters, childPath(at, 'parameters')) : null,
    agent: tool.agent,
    url: '',
    method: 'POST',
    headers: [],
  };
}

/**
 * The tools with each agent tool's `parameters` filled in where the step gave none: its
 * agent's `input_schema`, else `{type: "object"}`.
 */
export async function resolveTools(
  tools: readonly CompiledTool[],
  context: StepContext,
): Promise<CompiledTool[]> {
  return Promise.all(
    tools.map(async (tool) => {
      if (tool.parameters) return tool;
      const schema = context.children ? await context.children.inputSchema(tool.agent!) : null;
      return { ...tool, parameters: schema ?? { type: 'object' } };
    }),
  );
}

/** The `tools` of a request. */
export function toolDefinitions(tools: readonly CompiledTool[]): unknown[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.parameters,
    },
  }));
}

/**
 * Runs one tool call (a `pending` record) and completes its record: the HTTP request with the
 * arguments as JSON body (as query parameters for GET), through the outbound policy, without a worker slot.
 * A tool that answers ≥ 400 or cannot be reached is `failed` and the model is told so; a
 * target the outbound policy refuses fails the step (`address_not_allowed`).
 */
export async function runToolCall(
  tools: readonly CompiledTool[],
  call: LlmToolCallRecord,
  context: StepContext,
): Promise<void> {
  const started = context.clock.now();
  const done = (status: 'completed' | 'failed', result: string, statusCode?: number) => {
    call.status = status;
    call.result = context.scrub(result) as string;
    if (statusCode !== undefined) call.status_code = statusCode;
    call.duration_ms = Math.max(0, context.clock.now() - started);
  };
  const tool = tools.find((candidate) => candidate.name === call.name);
  if (!tool)
    return done('failed', JSON.stringify({ error: `There is no tool named ${call.name}` }));
  if (typeof call.arguments === 'string') {
    return done('failed', JSON.stringify({ error: 'The arguments are not a JSON object' }));
  }
  if (tool.validate && !tool.validate(call.arguments)) {
    const problem = describeSchemaError(tool.validate);
    return done('failed', JSON.stringify({ error: `The arguments break parameters: ${problem}` }));
  }
  if (tool.agent !== undefined) return runAgentToolCall(tool, call, context, done);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(await resolveHeaders(tool.headers, context)),
    'idempotency-key': `${context.execution.id}:${context.recordId}:${call.id}`,
  };
  const target = describeTarget(tool.method, tool.url);
  const url = tool.method === 'GET' ? withQuery(tool.url, call.arguments) : tool.url;
  try {
    const response = await context.idle(() =>
      context.http.request({
        url,
        method: tool.method,
        headers,
        body: tool.method === 'GET' ? undefined : JSON.stringify(call.arguments ?? {}),
        signal: context.signal,
        maxBodyBytes: MAX_TOOL_RESULT_BYTES,
        trace: context.trace,
      }),
    );
    if (response.truncated) {
      return done(
        'failed',
        JSON.stringify({ error: `The tool answered more than ${MAX_TOOL_RESULT_BYTES} bytes` }),
        response.status,
      );
    }
    if (response.status >= 400) {
      return done(
        'failed',
        JSON.stringify({ error: `HTTP ${response.status}`, body: response.body }),
        response.status,
      );
    }
    done('completed', response.body, response.status);
  } catch (error) {
    if (context.signal.aborted || error instanceof StepError) throw error;
    if (isAddressNotAllowed(error)) {
      throw new StepError(
        WorkflowErrorCode.addressNotAllowed,
        `Tool ${tool.name} (${target}): the target address is not allowed by the outbound policy`,
      );
    }
    done('failed', JSON.stringify({ error: `${target} failed: ${(error as Error).message}` }));
  } finally {
    if (call.status !== 'pending') {
      const outcome =
        call.status_code === undefined ? 'failed' : `answered HTTP ${call.status_code}`;
      context.logger.log(
        'info',
        `Tool ${tool.name} (${target}) ${outcome} in ${call.duration_ms} ms`,
        {
          step: context.recordId,
        },
      );
    }
  }
}

/** Runs `work` on every item, at most `limit` at once; rejects with the first failure. */
export async function boundedAll<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

/** A GET tool's arguments as query parameters (objects and arrays as their JSON text). */
function withQuery(url: string, args: unknown): string {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries((args ?? {}) as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    parsed.searchParams.set(
      name,
      typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
  }
  return parsed.toString();
}
