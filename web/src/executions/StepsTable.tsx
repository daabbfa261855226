import type { ExecutionStep } from '../api';
import { Badge, Json, Link } from '../ui';
import { baseStepId } from '../agents/test-mocks';
import { ModelCalls } from './ModelCalls';

/**
 * The steps of a workflow run, in the order they started: one row each, with the output or
 * the error behind a disclosure (on a narrow screen each row is a card: the id, then type,
 * status, attempts and duration, then the output). Everything shown is the run's data, as
 * text nodes only. `mocked`: the ids of steps a test run mocked (marked "mocked").
 */
export function StepsTable({
  steps,
  label,
  mocked,
}: {
  steps: ExecutionStep[];
  label: string;
  mocked?: ReadonlySet<string>;
}) {
  if (steps.length === 0) return <p class="muted">No steps ran.</p>;
  return (
    <div class="table-wrap">
      <table class="stack-narrow" aria-label={label} data-testid="steps">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">
              Attempts
            </th>
            <th scope="col" class="num">
              Duration
            </th>
            <th scope="col">Output or error</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step, i) => (
            <tr key={`${step.id}-${i}`} data-step={step.id}>
              <td class="mono">
                {step.id}
                {mocked?.has(baseStepId(step.id)) && (
                  <>
                    {' '}
                    <span class="badge" title="Not run: its sample output stood in for it">
                      mocked
                    </span>
                  </>
                )}
                {step.reused && (
                  <>
                    {' '}
                    <span class="badge" title="Copied from the failed execution this resumes">
                      reused
                    </span>
                  </>
                )}
              </td>
              <td class="mono">{step.type}</td>
              <td>
                <Badge status={step.status} />
              </td>
              <td class="num" data-label="Attempts">
                {step.attempts}
              </td>
              <td class="num nowrap">
                {step.duration_ms === null ? '—' : `${step.duration_ms} ms`}
              </td>
              <td class="step-detail">
                {step.error ? (
                  <details>
                    <summary>
                      Error <code>{step.error.code}</code>
                    </summary>
                    <p class="step-error">{step.error.message}</p>
                  </details>
                ) : step.output === null ? (
                  <span class="muted">—</span>
                ) : (
                  <details>
                    <summary>Output</summary>
                    <Json value={step.output} label={`Output of step ${step.id}`} />
                  </details>
                )}
                {step.usage && (
                  <p class="muted small">
                    {step.usage.prompt_tokens} prompt + {step.usage.completion_tokens} completion
                    tokens
                  </p>
                )}
                {step.llm && <ModelCalls stepId={step.id} calls={step.llm.calls} />}
                {step.child_execution_id && (
                  <p class="small" data-testid="step-child">
                    Child execution{' '}
                    <Link href={`/executions/${step.child_execution_id}`} class="mono">
                      {step.child_execution_id}
                    </Link>
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
