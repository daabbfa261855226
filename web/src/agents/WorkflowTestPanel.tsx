import { useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiFailure, type Agent, type AgentTestResult } from '../api';
import { StepsTable } from '../executions/StepsTable';
import { Badge, ErrorNote, Field, fieldError, Json } from '../ui';
import { parseConfig, parseJsonObject } from './config';
import { callingSteps, sampleOutput, type CallingStep } from './test-mocks';
import { SecretUseNote } from './SecretUseNote';

/**
 * Runs the workflow in the editor (saved or not) on a sample input, without creating an
 * execution (`POST /v2/agents/:id/test`), and shows what each step did. "Don't call out"
 * (on by default) mocks its `http` and `llm` steps, nested ones too, with an editable sample
 * output each: the API returns the sample in place of running the step.
 */
export function WorkflowTestPanel({ agent, config }: { agent: Agent; config: string }) {
  const [input, setInput] = useState('{}');
  const [result, setResult] = useState<AgentTestResult | null>(null);
  /** The steps the last run mocked (marked in its steps table). */
  const [mocked, setMocked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(true);
  /** Sample outputs as edited, by step id (a step not edited has its default sample). */
  const [samples, setSamples] = useState<Record<string, string>>({});
  const calling = useCallingSteps(config);
  const sampleText = (step: CallingStep) =>
    samples[step.id] ?? JSON.stringify(sampleOutput(step), null, 2);
  const run = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setResult(null);
    try {
      const mocks = offline ? mocksOf(calling, sampleText) : undefined;
      const body = {
        input: parseJsonObject(input, 'input'),
        config: parseConfig(config),
        ...(mocks && Object.keys(mocks).length ? { mocks } : {}),
      };
      setResult(await api<AgentTestResult>('POST', `/agents/${agent.id}/test`, body));
      setMocked(new Set(mocks ? Object.keys(mocks) : []));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const inputError = fieldError(error, 'input');
  const sampleError = (id: string) => fieldError(error, `mocks.${id}`);
  const mockError = calling.some((step) => sampleError(step.id));
  const path = error instanceof ApiFailure && !inputError ? error.field : undefined;
  return (
    <section class="panel" aria-labelledby="test-title">
      <h2 id="test-title">Run test</h2>
      <p class="muted small">
        Runs the definition in the editor, saved or not, on this input. No execution is recorded and
        no step is checkpointed.
      </p>
      <form class="stack" onSubmit={run}>
        <Field label="Test input" id="test-input" error={inputError}>
          {(attrs) => (
            <textarea
              {...attrs}
              class="mono"
              rows={6}
              spellcheck={false}
              value={input}
              onInput={(e) => setInput(e.currentTarget.value)}
            />
          )}
        </Field>
        {calling.length > 0 && (
          <fieldset class="test-mocks">
            <legend>Outside calls</legend>
            <label class="check">
              <input
                type="checkbox"
                checked={offline}
                onChange={(e) => setOffline(e.currentTarget.checked)}
              />
              <span>
                Don't call out: mock the <code>http</code> and <code>llm</code> steps
              </span>
            </label>
            {offline ? (
              <>
                <p class="hint">
                  A mocked step sends nothing and calls no model: it outputs its sample below, and
                  the steps after it run on that.
                </p>
                {calling.map((step) => (
                  <Field
                    key={step.id}
                    label={`Sample output of ${step.id} (${step.type})`}
                    id={`mock-${step.id}`}
                    error={sampleError(step.id)}
                  >
                    {(attrs) => (
                      <textarea
                        {...attrs}
                        class="mono"
                        rows={Math.min(8, sampleText(step).split('\n').length)}
                        spellcheck={false}
                        value={sampleText(step)}
                        onInput={(e) => {
                          const text = e.currentTarget.value;
                          setSamples((all) => ({ ...all, [step.id]: text }));
                        }}
                      />
                    )}
                  </Field>
                ))}
              </>
            ) : (
              <p class="hint" role="status">
                The test calls out for real: each <code>http</code> step sends its request, each{' '}
                <code>llm</code> step calls its model (and counts its tokens).
              </p>
            )}
          </fieldset>
        )}
        {error && !inputError && !mockError ? (
          <div>
            <ErrorNote error={error} />
            <SecretUseNote error={error} />
            {path && (
              <p class="field-path">
                <span class="muted">JSON path</span> <code>{path}</code>
              </p>
            )}
          </div>
        ) : null}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={busy}>
            Run test
          </button>
          {busy && (
            <span class="muted" role="status">
              Running…
            </span>
          )}
        </div>
      </form>
      {result && (
        <div class="subpanel" data-testid="test-result">
          <p>
            Result{' '}
            <span data-testid="test-status">
              <Badge status={result.status} />
            </span>
          </p>
          {result.error && (
            <p class="alert alert-error">
              <code>{result.error.code}</code> {result.error.message}
              {result.error.step && (
                <>
                  {' '}
                  (step <code>{result.error.step}</code>)
                </>
              )}
            </p>
          )}
          <h3>Output</h3>
          {result.output ? (
            <Json value={result.output} label="Test output" />
          ) : (
            <p class="muted">No output.</p>
          )}
          <h3>Steps</h3>
          <StepsTable steps={result.steps} label="Steps of the test run" mocked={mocked} />
        </div>
      )}
    </section>
  );
}

/**
 * The `http` and `llm` steps of the definition in the editor; while its text is not valid
 * JSON, those of the last text that was (the sample fields stay while the user types).
 */
function useCallingSteps(config: string): CallingStep[] {
  const last = useRef<CallingStep[]>([]);
  return useMemo(() => {
    try {
      last.current = callingSteps(JSON.parse(config));
    } catch {
      // Keeps the last list.
    }
    return last.current;
  }, [config]);
}

/** The `mocks` of a test run: each step's sample output, parsed (a 400-like error at its field). */
function mocksOf(
  steps: readonly CallingStep[],
  text: (step: CallingStep) => string,
): Record<string, unknown> {
  const mocks: Record<string, unknown> = {};
  for (const step of steps) {
    try {
      mocks[step.id] = JSON.parse(text(step));
    } catch (error) {
      throw new ApiFailure(
        400,
        'invalid_request',
        `The sample output of ${step.id} is not valid JSON: ${(error as Error).message}`,
        `mocks.${step.id}`,
      );
    }
  }
  return mocks;
}
