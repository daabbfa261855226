import { StepError, WorkflowErrorCode } from '../errors';
import type { StepContext } from '../step-type';
import type { LlmBody } from '../steps/llm.step';
import type { ChatAnswer, ChatMessage, ChatRequest } from './chat-client';
import { conversation, toolTurns, type LlmCallRecord } from './llm-record';
import { McpToolbox } from './mcp-servers';
import { describeSchemaError } from './output-schema';
import { boundedAll, runToolCall, TOOL_CONCURRENCY, toolDefinitions } from './tools';

interface Conversation {
  model: string;
  /** The system and user messages. */
  messages: ChatMessage[];
  call(request: Pick<ChatRequest, 'messages' | 'tools'>): Promise<ChatAnswer>;
}

/**
 * The loop of an `llm` step: model call → the tool calls it asks for (concurrently, at most
 * TOOL_CONCURRENCY) → their results back as `tool` messages → the next call; the last allowed
 * turn is called without tools so that the model answers. The record (`llm.calls`) is saved
 * durably before any tool runs and after each one finishes, so that a retry or a resumed run
 * goes on from it and never sends a finished tool call again.
 */
export async function runConversation(
  body: LlmBody,
  context: StepContext,
  chat: Conversation,
): Promise<unknown> {
  // The MCP servers' tools, listed once for this attempt, before the first model call.
  const taken = new Set(body.tools.map((tool) => tool.name));
  const toolbox = await McpToolbox.open(body.mcpServers, context, taken);
  try {
    return await converse(body, context, chat, toolbox);
  } finally {
    await toolbox.close();
  }
}

async function converse(
  body: LlmBody,
  context: StepContext,
  chat: Conversation,
  toolbox: McpToolbox,
): Promise<unknown> {
  const record = context.models.record();
  let saving: Promise<void> = Promise.resolve();
  const save = (persist: boolean) => {
    saving = saving.then(() => context.models.save(record, persist));
    return saving;
  };
  const tools = [...toolDefinitions(body.tools), ...toolbox.definitions()];

  // A turn interrupted before all its tool calls finished: the others run now.
  const turns = toolTurns(record);
  const unfinished = turns.at(-1)?.tool_calls?.filter((call) => call.status === 'pending') ?? [];
  if (unfinished.length > 0) await runTools(unfinished);

  for (;;) {
    const turn = toolTurns(record).length + 1;
    if (turn > body.maxTurns) {
      throw new StepError(
        WorkflowErrorCode.maxTurnsExceeded,
        `The model asked for tools on each of its ${body.maxTurns} turns (max_turns)`,
      );
    }
    const last = turn === body.maxTurns || tools.length === 0;
    const answer = await callModel(turn, last);
    const entry: LlmCallRecord = {
      turn,
      model: chat.model,
      prompt_tokens: answer.promptTokens,
      completion_tokens: answer.completionTokens,
      latency_ms: answer.latencyMs,
      finish_reason: answer.finishReason,
    };
    record.calls.push(entry);
    if (answer.refusal !== null) {
      entry.refusal = answer.refusal;
      await save(false);
      throw new StepError(
        WorkflowErrorCode.llmRefused,
        "The model refused to answer (its refusal is in the step's llm.calls)",
      );
    }
    if (answer.toolCalls.length > 0) {
      if (last) {
        await save(false);
        throw new StepError(
          WorkflowErrorCode.maxTurnsExceeded,
          tools.length === 0
            ? 'The model asked for a tool, but the step offers none'
            : `The model still asked for tools on its last allowed turn (max_turns ${body.maxTurns})`,
        );
      }
      if (answer.content) entry.content = answer.content;
      entry.tool_calls = answer.toolCalls.map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: parseArguments(call.function.arguments),
        status: 'pending',
        duration_ms: null,
      }));
      await save(true);
      await runTools(entry.tool_calls);
      continue;
    }
    await save(false);
    return output(answer);
  }

  async function callModel(
    turn: number,
    last: boolean,
  ): Promise<ChatAnswer & { latencyMs: number }> {
    context.models.checkBudget();
    try {
      await context.meter?.check(context.accountId);
    } catch (error) {
      context.models.release();
      throw error;
    }
    const messages = [...chat.messages, ...conversation(record)];
    const started = context.clock.now();
    let answer: ChatAnswer;
    try {
      answer = await context.idle(() => chat.call({ messages, ...(last ? {} : { tools }) }));
    } catch (error) {
      context.models.release();
      const latency = context.clock.now() - started;
      if (!context.signal.aborted) {
        context.meter?.record(context.accountId, {
          model: chat.model,
          prompt_tokens: 0,
          completion_tokens: 0,
          latency_ms: latency,
          ok: false,
        });
      }
      throw error;
    }
    const latencyMs = context.clock.now() - started;
    const tokens = answer.promptTokens + answer.completionTokens;
    context.models.count(tokens);
    context.meter?.record(context.accountId, {
      model: chat.model,
      prompt_tokens: answer.promptTokens,
      completion_tokens: answer.completionTokens,
      latency_ms: latencyMs,
      ok: true,
    });
    context.logger.log(
      'info',
      `Model ${chat.model} answered in ${latencyMs} ms, ${tokens} tokens (turn ${turn})`,
      {
        step: context.recordId,
      },
    );
    return { ...answer, latencyMs };
  }

  async function runTools(calls: NonNullable<LlmCallRecord['tool_calls']>): Promise<void> {
    await boundedAll(calls, TOOL_CONCURRENCY, async (call) => {
      if (toolbox.has(call.name)) await toolbox.call(call, context);
      else await runToolCall(body.tools, call, context);
      await save(true);
    });
    await saving;
  }

  function output(answer: ChatAnswer): unknown {
    if (answer.finishReason === 'length') {
      throw new StepError(
        WorkflowErrorCode.invalidLlmOutput,
        'The answer was cut off by max_tokens (finish_reason "length")',
      );
    }
    const content = answer.content ?? '';
    if (!body.outputSchema) return { text: content };
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new StepError(WorkflowErrorCode.invalidLlmOutput, 'The answer is not JSON');
    }
    if (!body.outputSchema.validate(parsed)) {
      throw new StepError(
        WorkflowErrorCode.invalidLlmOutput,
        `The answer breaks output_schema: ${describeSchemaError(body.outputSchema.validate)}`,
      );
    }
    return parsed;
  }
}

/** A tool call's arguments: a JSON object, else the raw text (the call then fails). */
function parseArguments(raw: string): unknown {
  try {
    const parsed: unknown = JSON.parse(raw === '' ? '{}' : raw);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // kept as text
  }
  return raw;
}
