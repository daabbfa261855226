import type { ChatMessage } from './chat-client';

/**
 * What an `llm` step's record carries besides its output (`llm` on the step record): each
 * model call it made, with the tool calls the model asked for. It is the step's durable
 * progress too: a retry or a resumed run rebuilds the conversation from it, so that a tool
 * call recorded `completed` or `failed` is never sent again (docs/workflows.md).
 */
export interface LlmRecord {
  calls: LlmCallRecord[];
}

export interface LlmCallRecord {
  /** 1-based position of the call in the conversation (a retried final answer repeats it). */
  turn: number;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  finish_reason: string | null;
  /** The model's refusal text (`message.refusal`), when it refused. */
  refusal?: string;
  /** Text the model sent along with tool calls (rare; kept to rebuild the conversation). */
  content?: string | null;
  /** Made by the failed execution a resumed retry continues (not in this step's usage). */
  reused?: boolean;
  /** The tool calls it asked for (absent: it answered). */
  tool_calls?: LlmToolCallRecord[];
}

export interface LlmToolCallRecord {
  id: string;
  name: string;
  /** The call's arguments, parsed (the raw text when it is not JSON). */
  arguments: unknown;
  /** `pending`: asked for, not finished (it is sent on resume). */
  status: 'pending' | 'completed' | 'failed';
  /** The tool's HTTP status (absent when no answer came). */
  status_code?: number;
  duration_ms: number | null;
  /** What went back to the model as the `tool` message. */
  result?: string;
}

/** Prompt and completion tokens summed over the calls (but `reused` ones). */
export function recordUsage(record: LlmRecord): {
  prompt_tokens: number;
  completion_tokens: number;
} {
  let prompt = 0;
  let completion = 0;
  for (const call of record.calls) {
    if (call.reused) continue;
    prompt += call.prompt_tokens;
    completion += call.completion_tokens;
  }
  return { prompt_tokens: prompt, completion_tokens: completion };
}

/** The calls that asked for tools: the conversation's turns so far. */
export function toolTurns(record: LlmRecord): LlmCallRecord[] {
  return record.calls.filter((call) => call.tool_calls && call.tool_calls.length > 0);
}

/**
 * The messages after the prompt: each tool turn's assistant message and its tool results, in
 * order (only turns whose tool calls all finished are complete; the caller runs the others).
 */
export function conversation(record: LlmRecord): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const call of toolTurns(record)) {
    messages.push({
      role: 'assistant',
      content: call.content ?? null,
      tool_calls: call.tool_calls!.map((tool) => ({
        id: tool.id,
        type: 'function',
        function: {
          name: tool.name,
          arguments:
            typeof tool.arguments === 'string' ? tool.arguments : JSON.stringify(tool.arguments),
        },
      })),
    });
    for (const tool of call.tool_calls!) {
      messages.push({ role: 'tool', tool_call_id: tool.id, content: tool.result ?? '' });
    }
  }
  return messages;
}

/** A record read back from storage (any shape): its calls, or a new empty record. */
export function readRecord(value: unknown): LlmRecord {
  const calls = (value as { calls?: unknown } | undefined)?.calls;
  return { calls: Array.isArray(calls) ? (structuredClone(calls) as LlmCallRecord[]) : [] };
}
