import { useState } from 'preact/hooks';
import { allAgents, ApiFailure, type Agent } from '../api';
import { ErrorNote, Field, fieldError, InputField, useLoad } from '../ui';
import { parseConfig } from './config';
import { freeStepId, STEP_ID, stepIds } from './definition';

const DEFAULT_ID = 'call_agent';

/** The text typed as the step's `input`: empty (the default, `$input`), or a JSON value. */
function parseInput(text: string): unknown {
  if (!text.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiFailure(
      400,
      'invalid_request',
      `input is not valid JSON: ${(error as Error).message}`,
      'input',
    );
  }
  const expression = typeof value === 'string' && /^\{%[\s\S]*%\}$/.test(value.trim());
  if (!expression && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw new ApiFailure(
      400,
      'invalid_request',
      'input must be a JSON object, or an expression ("{% … %}") that computes one',
      'input',
    );
  }
  return value;
}

/**
 * "Insert an agent step" beside the workflow editor: an `agent` step (docs/workflows.md,
 * Agents as steps) built from a picker of the account's agents, its input and whether to
 * wait, appended to the definition's `steps` in the editor. Nothing is saved: the editor's
 * Save config sends it, and the API's errors show at the editor with their JSON path, as for
 * any other step.
 */
export function AgentStepInsert({
  agent,
  text,
  onText,
}: {
  /** The workflow being edited (marked in the picker: an agent may call itself). */
  agent: Agent;
  /** The editor's text. */
  text: string;
  onText: (text: string) => void;
}) {
  const agents = useLoad(
    () => allAgents().then((list) => [...list].sort((a, b) => a.name.localeCompare(b.name))),
    [],
  );
  /** `null`: the first free id (`call_agent`, `call_agent_2`…), until one is typed. */
  const [stepId, setStepId] = useState<string | null>(null);
  const [agentId, setAgentId] = useState('');
  const [input, setInput] = useState('');
  const [wait, setWait] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  const [inserted, setInserted] = useState('');

  let current: unknown;
  try {
    current = JSON.parse(text);
  } catch {
    current = undefined;
  }
  const id = stepId ?? freeStepId(current, DEFAULT_ID);

  const insert = (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setInserted('');
    try {
      const config = parseConfig(text);
      if (!STEP_ID.test(id)) {
        throw new ApiFailure(
          400,
          'invalid_request',
          'The id must start with a lowercase letter, then up to 63 lowercase letters, digits or _',
          'id',
        );
      }
      if (stepIds(config).has(id)) {
        throw new ApiFailure(400, 'invalid_request', `A step is already called ${id}`, 'id');
      }
      if (!agentId) {
        throw new ApiFailure(400, 'invalid_request', 'Choose the agent to run', 'agent_id');
      }
      const value = parseInput(input);
      const step = {
        id,
        type: 'agent',
        agent_id: agentId,
        ...(value === undefined ? {} : { input: value }),
        wait,
      };
      const steps = Array.isArray(config.steps) ? config.steps : [];
      onText(JSON.stringify({ ...config, steps: [...steps, step] }, null, 2));
      setInserted(id);
      setStepId(null);
    } catch (failure) {
      setError(failure);
    }
  };

  const configMessage = fieldError(error, 'config');
  return (
    <details class="subpanel agent-step-insert">
      <summary>Insert an agent step</summary>
      <p class="muted small">
        A step that runs another agent of the account as an execution of its own, added at the end
        of <code>steps</code> in the editor above. Save the config to keep it.
      </p>
      <form class="stack" onSubmit={insert} aria-label="Insert an agent step">
        <InputField
          label="Step id"
          id="agent-step-id"
          type="text"
          value={id}
          onValue={setStepId}
          error={fieldError(error, 'id')}
          spellcheck={false}
        />
        <Field
          label="Agent"
          id="agent-step-agent"
          error={fieldError(error, 'agent_id')}
          hint="The child starts on that agent's current version, with its own timeout and retries."
        >
          {(attrs) => (
            <select {...attrs} value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
              <option value="">Choose an agent…</option>
              {(agents.data ?? []).map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                  {choice.id === agent.id ? ' (this agent)' : ''}
                  {choice.status === 'paused' ? ' (paused)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ErrorNote error={agents.error} />
        <Field
          label="Input (JSON)"
          id="agent-step-input"
          error={fieldError(error, 'input')}
          hint={
            <>
              An object whose strings may be expressions, e.g.{' '}
              <code>{'{"email": "{% $input.email %}"}'}</code>. Empty: the child gets this run's
              input.
            </>
          }
        >
          {(attrs) => (
            <textarea
              {...attrs}
              rows={3}
              spellcheck={false}
              value={input}
              onInput={(e) => setInput(e.currentTarget.value)}
            />
          )}
        </Field>
        <label class="check">
          <input
            type="checkbox"
            checked={wait}
            onChange={(e) => setWait(e.currentTarget.checked)}
          />
          Wait for the child: its output becomes this step's output, its failure the step's
        </label>
        {configMessage && (
          <p class="alert alert-error" role="alert">
            Fix the definition first: {configMessage}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="btn">
            Insert agent step
          </button>
          {inserted && (
            <span class="muted" role="status">
              Step <code>{inserted}</code> added to the editor: save the config to keep it.
            </span>
          )}
        </div>
      </form>
    </details>
  );
}
