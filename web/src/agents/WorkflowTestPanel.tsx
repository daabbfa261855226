import { useState } from 'preact/hooks';
import { api, ApiFailure, type Agent, type AgentTestResult } from '../api';
import { StepsTable } from '../executions/StepsTable';
import { Badge, ErrorNote, Field, fieldError, Json } from '../ui';
import { parseConfig, parseJsonObject } from './config';
import { SecretUseNote } from './SecretUseNote';

/**
 * Runs the workflow in the editor (saved or not) on a sample input, without creating an
 * execution (`POST /v2/agents/:id/test`), and shows what each step did.
 */
export function WorkflowTestPanel({ agent, config }: { agent: Agent; config: string }) {
  const [input, setInput] = useState('{}');
  const [result, setResult] = useState<AgentTestResult | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setResult(null);
    try {
      const body = { input: parseJsonObject(input, 'input'), config: parseConfig(config) };
      setResult(await api<AgentTestResult>('POST', `/agents/${agent.id}/test`, body));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const inputError = fieldError(error, 'input');
  const path = error instanceof ApiFailure && !inputError ? error.field : undefined;
  return (
    <section class="panel" aria-labelledby="test-title">
      <h2 id="test-title">Run test</h2>
      <p class="muted small">
        Runs the definition in the editor, saved or not, on this input. No execution is recorded and
        no step is checkpointed; <code>http</code> steps do call out.
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
        {error && !inputError ? (
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
          <StepsTable steps={result.steps} label="Steps of the test run" />
        </div>
      )}
    </section>
  );
}
