import { useState } from 'preact/hooks';
import { api, ApiFailure, type Agent } from '../api';
import { ErrorNote, Field, fieldError, InputField, Link, Notice, useAction } from '../ui';
import { JsonEditor } from '../ui/json-editor/JsonEditor';

/** The form's state: the toggle, and the text of each field. */
interface Texts {
  enabled: boolean;
  name: string;
  description: string;
  schema: string;
}

const schemaText = (schema: Agent['input_schema']): string =>
  schema === null ? '' : JSON.stringify(schema, null, 2);

const textsOf = (agent: Agent): Texts => ({
  enabled: agent.mcp.enabled,
  name: agent.mcp.name,
  description: agent.mcp.description ?? '',
  schema: schemaText(agent.input_schema),
});

/** The schema text as `input_schema`: empty (or `null`) is none; else a JSON object. */
function parseSchema(text: string): Record<string, unknown> | null {
  if (text.trim() === '' || text.trim() === 'null') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiFailure(
      400,
      'invalid_request',
      `The input schema is not valid JSON: ${(error as Error).message}`,
      'input_schema',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiFailure(
      400,
      'invalid_request',
      'The input schema must be a JSON Schema object (or empty for none)',
      'input_schema',
    );
  }
  return value as Record<string, unknown>;
}

/** The PATCH body of what the form changed (a cleared name or description: null). */
function changesOf(agent: Agent, texts: Texts): Record<string, unknown> {
  const saved = textsOf(agent);
  const mcp: Record<string, unknown> = {};
  if (texts.enabled !== saved.enabled) mcp.enabled = texts.enabled;
  if (texts.name.trim() !== saved.name) mcp.name = texts.name.trim() || null;
  if (texts.description.trim() !== saved.description) {
    mcp.description = texts.description.trim() || null;
  }
  const body: Record<string, unknown> = {};
  if (Object.keys(mcp).length > 0) body.mcp = mcp;
  if (texts.schema !== saved.schema) body.input_schema = parseSchema(texts.schema);
  return body;
}

/**
 * "Available over MCP" (`PATCH /v2/agents/:id {mcp, input_schema}`): whether the agent is a
 * tool of the account's MCP server, its tool name and description, and its input schema
 * (which every way in enforces, not MCP alone), with the API's errors at their fields.
 */
export function McpPanel({ agent, onSaved }: { agent: Agent; onSaved: () => Promise<void> }) {
  const [texts, setTexts] = useState<Texts | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction(onSaved);
  const current = texts ?? textsOf(agent);
  const set = (change: Partial<Texts>) => {
    setTexts({ ...current, ...change });
    setSaved(false);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    setSaved(false);
    return save.run(async () => {
      const body = changesOf(agent, current);
      if (Object.keys(body).length > 0) await api<Agent>('PATCH', `/agents/${agent.id}`, body);
      setTexts(null);
      setSaved(true);
    });
  };
  // A name another enabled agent holds is 409 without a field: it is the name's problem.
  const taken =
    save.error instanceof ApiFailure && save.error.status === 409 ? save.error.message : undefined;
  const nameError = fieldError(save.error, 'mcp.name') ?? taken;
  const descriptionError = fieldError(save.error, 'mcp.description');
  const schemaError = fieldError(save.error, 'input_schema');
  const other = save.error && !nameError && !descriptionError && !schemaError;
  const schemaLabel = 'Input schema (JSON Schema)';
  return (
    <section class="panel" aria-labelledby="agent-mcp-title">
      <h2 id="agent-mcp-title">Available over MCP</h2>
      <p class="muted">
        An agent available over MCP is a tool that AI clients (assistants, IDE agents, other agent
        platforms) list and call with an API key: the call runs the agent with the arguments as its
        input. The server's address, a client configuration and the account's tools are in the{' '}
        <Link href="/settings">MCP panel</Link> of Settings.
      </p>
      <form class="stack form-narrow" onSubmit={submit} noValidate>
        <label class="check">
          <input
            type="checkbox"
            name="mcp-enabled"
            checked={current.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />{' '}
          List this agent as an MCP tool
        </label>
        {current.enabled && agent.status !== 'active' && (
          <p class="muted small" data-testid="mcp-paused">
            The agent is paused: its tool is not listed until it is resumed.
          </p>
        )}
        <InputField
          label="Tool name"
          id="agent-mcp-name"
          error={nameError}
          hint="Lower-case letters, digits and _, starting with a letter (at most 64); unique among the account's tools. Empty: derived from the agent's name."
          type="text"
          spellcheck={false}
          autoComplete="off"
          maxLength={64}
          value={current.name}
          onValue={(name) => set({ name })}
        />
        <Field
          label="Tool description"
          id="agent-mcp-description"
          error={descriptionError}
          hint="What the model reads to decide when to call the tool: what the agent does and what it answers (at most 1,000 characters). Empty: a sentence naming the agent."
        >
          {(attrs) => (
            <textarea
              {...attrs}
              class="prose"
              rows={3}
              maxLength={1000}
              value={current.description}
              onInput={(e) => set({ description: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field
          label={schemaLabel}
          id="agent-mcp-schema"
          error={schemaError}
          hint={
            <>
              The agent's input, with <code>"type": "object"</code> at its root: every way in (REST,
              webhook, MCP, agent steps) refuses an input that breaks it, and clients read it as the
              tool's <code>inputSchema</code>. Empty: none (the tool takes any object).
              {agent.kind === 'lead-qualification' &&
                ' A lead-qualification agent starts with the kind’s five fields, none required.'}
            </>
          }
        >
          {(attrs) => (
            <JsonEditor
              attrs={attrs}
              label={schemaLabel}
              error={schemaError}
              minLines={6}
              wrap
              value={current.schema}
              onChange={(schema) => {
                if (schema !== current.schema) set({ schema });
              }}
            />
          )}
        </Field>
        {other ? <ErrorNote error={save.error} /> : null}
        {saved && <Notice>MCP settings saved.</Notice>}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={save.busy || texts === null}>
            Save MCP settings
          </button>
          {texts !== null && (
            <button
              type="button"
              class="btn"
              onClick={() => {
                setTexts(null);
                save.setError(undefined);
              }}
            >
              Discard changes
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
