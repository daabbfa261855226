import { ConfigValidationError } from '../../kinds/agent-kind';
import { SECRET_NAME_PATTERN } from '../../secrets/secret.entity';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import { integerField } from '../fields';
import {
  chatCompletion,
  type ChatEndpoint,
  type ChatMessage,
  type ChatRequest,
} from '../llm/chat-client';
import { runConversation } from '../llm/conversation';
import { compileOutputSchema, type OutputSchema } from '../llm/output-schema';
import { compileMcpServers, type CompiledMcpServer } from '../llm/mcp-servers';
import { compileTools, resolveTools, type CompiledTool } from '../llm/tools';
import type { CompileContext, StepContext, StepType } from '../step-type';

export interface LlmBody {
  prompt: CompiledValue;
  system?: CompiledValue;
  model?: string;
  outputSchema?: OutputSchema;
  temperature?: number;
  maxTokens?: number;
  tools: CompiledTool[];
  mcpServers: CompiledMcpServer[];
  maxTurns: number;
  baseUrl?: string;
  apiKeySecret?: string;
}

const API_KEY = /^\{\{secrets\.([^}]*)\}\}$/;
export const DEFAULT_MAX_TURNS = 5;
const MAX_TURNS = 50;

/**
 * `llm` (docs/workflows.md, LLM steps): one conversation with an OpenAI-compatible model, `POST
 * {base_url}/chat/completions`; with `output_schema` the answer is parsed and validated JSON,
 * else `{text}`. Tools are HTTP endpoints and the tools of MCP servers the model may call
 * (`llm/conversation.ts`, `llm/mcp-servers.ts`).
 */
export class LlmStep implements StepType<LlmBody> {
  readonly type = 'llm';
  readonly fields = [
    'prompt',
    'system',
    'model',
    'output_schema',
    'temperature',
    'max_tokens',
    'tools',
    'mcp_servers',
    'max_turns',
    'base_url',
    'api_key',
  ];
  readonly pure = false;
  readonly defaultTimeoutMs = 120_000;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): LlmBody {
    const at = (field: string) => childPath(path, field);
    if (raw.prompt === undefined)
      throw new ConfigValidationError(at('prompt'), 'prompt is required');
    const prompt = context.value(raw.prompt, at('prompt'));
    if (prompt.constant && typeof raw.prompt !== 'string') {
      throw new ConfigValidationError(at('prompt'), 'prompt must be a string');
    }
    const system = raw.system === undefined ? undefined : context.value(raw.system, at('system'));
    if (system?.constant && typeof raw.system !== 'string') {
      throw new ConfigValidationError(at('system'), 'system must be a string');
    }
    if (
      raw.model !== undefined &&
      (typeof raw.model !== 'string' || raw.model === '' || raw.model.length > 200)
    ) {
      throw new ConfigValidationError(at('model'), 'model must be a model name (1-200 characters)');
    }
    const temperature = raw.temperature;
    if (
      temperature !== undefined &&
      (typeof temperature !== 'number' || temperature < 0 || temperature > 2)
    ) {
      throw new ConfigValidationError(
        at('temperature'),
        'temperature must be a number between 0 and 2',
      );
    }
    let baseUrl: string | undefined;
    if (raw.base_url !== undefined) {
      if (typeof raw.base_url !== 'string' || !httpUrl(raw.base_url)) {
        throw new ConfigValidationError(
          at('base_url'),
          'base_url must be an absolute http or https URL',
        );
      }
      baseUrl = raw.base_url;
    }
    let apiKeySecret: string | undefined;
    if (raw.api_key !== undefined) {
      const match = typeof raw.api_key === 'string' ? API_KEY.exec(raw.api_key) : null;
      if (!match || !SECRET_NAME_PATTERN.test(match[1])) {
        throw new ConfigValidationError(at('api_key'), 'api_key must be "{{secrets.NAME}}"');
      }
      apiKeySecret = match[1];
    }
    return {
      prompt,
      system,
      model: raw.model as string | undefined,
      outputSchema:
        raw.output_schema === undefined
          ? undefined
          : compileOutputSchema(raw.output_schema, at('output_schema')),
      temperature: temperature as number | undefined,
      maxTokens: integerField(raw.max_tokens, at('max_tokens'), 1, 1_000_000),
      tools: compileTools(raw.tools, at('tools'), context.sandbox),
      mcpServers: compileMcpServers(raw.mcp_servers, at('mcp_servers'), context.sandbox),
      maxTurns: integerField(raw.max_turns, at('max_turns'), 1, MAX_TURNS) ?? DEFAULT_MAX_TURNS,
      baseUrl,
      apiKeySecret,
    };
  }

  async run(body: LlmBody, context: StepContext): Promise<unknown> {
    const prompt = await text(body.prompt, 'prompt', context);
    const system = body.system && (await text(body.system, 'system', context));
    const endpoint = await this.endpoint(body, context);
    const model = body.model ?? context.models.defaults?.model;
    if (!model) {
      throw new StepError(
        WorkflowErrorCode.llmError,
        "No model: set the step's model or LLM_MODEL",
      );
    }
    const messages: ChatMessage[] = [];
    if (system) messages.push({ role: 'system', content: system });
    messages.push({ role: 'user', content: prompt });
    const base: Omit<ChatRequest, 'messages'> = { model };
    if (body.temperature !== undefined) base.temperature = body.temperature;
    if (body.maxTokens !== undefined) base.max_tokens = body.maxTokens;
    if (body.outputSchema) {
      base.response_format = {
        type: 'json_schema',
        json_schema: { name: 'output', schema: body.outputSchema.schema, strict: true },
      };
    }
    // Agent tools without parameters take their agent's input_schema.
    const tools = await resolveTools(body.tools, context);
    return runConversation({ ...body, tools }, context, {
      model,
      messages,
      call: (request) =>
        chatCompletion(
          endpoint,
          { ...base, ...request },
          { signal: context.signal, clock: context.clock, trace: context.trace },
        ),
    });
  }

  /** The step's `base_url` (outbound policy, its own key only) or the operator's. */
  private async endpoint(body: LlmBody, context: StepContext): Promise<ChatEndpoint> {
    const apiKey =
      body.apiKeySecret === undefined ? undefined : await context.secret(body.apiKeySecret);
    if (body.baseUrl !== undefined) {
      return { baseUrl: body.baseUrl, apiKey: apiKey ?? null, http: context.http };
    }
    const defaults = context.models.defaults;
    if (!defaults) {
      throw new StepError(
        WorkflowErrorCode.llmError,
        "No model provider: set the step's base_url or LLM_BASE_URL",
      );
    }
    return { baseUrl: defaults.baseUrl, apiKey: apiKey ?? defaults.apiKey, http: defaults.http };
  }
}

async function text(value: CompiledValue, field: string, context: StepContext): Promise<string> {
  const result = await context.evaluate(value);
  if (typeof result !== 'string') {
    throw new StepError(WorkflowErrorCode.expressionError, `${field} must evaluate to a string`);
  }
  return result;
}

function httpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
