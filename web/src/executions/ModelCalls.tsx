import type { ExecutionStep } from '../api';
import { Json } from '../ui';

type Calls = NonNullable<ExecutionStep['llm']>['calls'];

/**
 * The model calls of an `llm` step, one per turn: model, latency, tokens, why it stopped, and
 * the tool calls the model asked for (name, status, duration, arguments and result behind a
 * disclosure). Everything is the run's data, shown as text.
 */
export function ModelCalls({ stepId, calls }: { stepId: string; calls: Calls }) {
  if (calls.length === 0) return null;
  return (
    <details class="model-calls" data-testid="model-calls">
      <summary>{calls.length === 1 ? '1 model call' : `${calls.length} model calls`}</summary>
      <ol aria-label={`Model calls of step ${stepId}`}>
        {calls.map((call) => (
          <li key={call.turn} data-turn={call.turn}>
            <p class="model-call-line">
              <strong>Turn {call.turn}</strong> · <code>{call.model}</code> · {call.latency_ms} ms ·{' '}
              {call.prompt_tokens} + {call.completion_tokens} tokens
              {call.finish_reason && <> · {call.finish_reason}</>}
              {call.reused && (
                <>
                  {' '}
                  <span
                    class="badge"
                    title="Made by the failed execution this resumes; not counted"
                  >
                    reused
                  </span>
                </>
              )}
            </p>
            {call.refusal && <p class="step-error">Refused: {call.refusal}</p>}
            {call.tool_calls && call.tool_calls.length > 0 && (
              <ul class="tool-calls">
                {call.tool_calls.map((tool) => (
                  <li key={tool.id} data-tool={tool.name}>
                    <code>{tool.name}</code> · {tool.status}
                    {tool.status_code !== undefined && <> · HTTP {tool.status_code}</>}
                    {tool.duration_ms !== null && <> · {tool.duration_ms} ms</>}
                    <details>
                      <summary>Arguments and result</summary>
                      <Json value={tool.arguments} label={`Arguments of ${tool.name}`} />
                      {tool.result !== undefined && (
                        <pre class="json" tabIndex={0} aria-label={`Result of ${tool.name}`}>
                          <code>{tool.result}</code>
                        </pre>
                      )}
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
