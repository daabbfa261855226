import { useState } from 'preact/hooks';
import { allAgents, api, ApiFailure, type Agent, type AgentKind, type AgentKindList } from '../api';
import { navigate } from '../router';
import {
  Badge,
  Empty,
  ErrorNote,
  Field,
  fieldError,
  formatPercent,
  Link,
  Loading,
  PageHeader,
  Time,
  useLoad,
} from '../ui';

type StatusFilter = 'all' | 'active' | 'paused';

export function AgentsPage() {
  const agents = useLoad(() => allAgents(), []);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const shown = (agents.data ?? []).filter((a) => filter === 'all' || a.status === filter);

  return (
    <>
      <PageHeader
        title="Agents"
        subtitle="Each agent runs one kind of automation and has its own webhook URL."
        actions={
          <Link href="/agents/new" class="btn btn-primary">
            New agent
          </Link>
        }
      />
      <div class="toolbar">
        <label for="agent-status">Status</label>
        <select
          id="agent-status"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as StatusFilter)}
        >
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
        </select>
      </div>
      <ErrorNote error={agents.error} />
      {!agents.data ? (
        !agents.error && <Loading />
      ) : shown.length === 0 ? (
        <Empty title={agents.data.length ? 'No agents match this filter' : 'No agents yet'}>
          {agents.data.length ? (
            'Choose another status to see more agents.'
          ) : (
            <Link href="/agents/new">Create your first agent</Link>
          )}
        </Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Runs today
                </th>
                <th scope="col" class="num">
                  Success rate
                </th>
                <th scope="col" class="hide-narrow">
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((agent) => (
                <tr key={agent.id}>
                  <td>
                    <Link href={`/agents/${agent.id}`}>{agent.name}</Link>
                    <div class="muted small mono">{agent.id}</div>
                  </td>
                  <td>
                    <Badge status={agent.status} />
                  </td>
                  <td class="num">{agent.executions_today}</td>
                  <td class="num">{formatPercent(agent.success_rate)}</td>
                  <td class="hide-narrow">
                    <Time iso={agent.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const FALLBACK_KINDS: AgentKind[] = [
  { kind: 'lead-qualification', description: 'Scores an inbound lead', config_schema: {} },
  { kind: 'http-request', description: 'Calls an HTTP endpoint', config_schema: {} },
];

export async function loadKinds(): Promise<AgentKind[]> {
  try {
    return (await api<AgentKindList>('GET', '/agent-kinds')).data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return FALLBACK_KINDS;
    throw error;
  }
}

/** A starting config for a kind: its schema's example, or its required fields. */
export function configTemplate(kind: AgentKind | undefined): string {
  const schema = (kind?.config_schema ?? {}) as {
    example?: unknown;
    examples?: unknown[];
    required?: string[];
    properties?: Record<string, { example?: unknown; default?: unknown; type?: string }>;
  };
  if (schema.example !== undefined) return JSON.stringify(schema.example, null, 2);
  if (schema.examples?.length) return JSON.stringify(schema.examples[0], null, 2);
  const value: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const prop = schema.properties?.[name];
    value[name] =
      prop?.example ?? prop?.default ?? (name === 'url' ? 'https://example.com/hook' : '');
  }
  if (kind?.kind === 'http-request' && !('url' in value)) value.url = 'https://example.com/hook';
  return JSON.stringify(value, null, 2);
}

/** Parses the config text; a JSON error is reported at the field like the API's. */
export function parseConfig(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    throw new ApiFailure(
      400,
      'invalid_request',
      `config is not valid JSON: ${(error as Error).message}`,
      'config',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiFailure(400, 'invalid_request', 'config must be a JSON object', 'config');
  }
  return value as Record<string, unknown>;
}

export function NewAgentPage() {
  const kinds = useLoad(loadKinds, []);
  const [name, setName] = useState('');
  const [kind, setKind] = useState('');
  const [config, setConfig] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const list = kinds.data ?? [];
  const selectedKind =
    kind || list.find((k) => k.kind === 'lead-qualification')?.kind || list[0]?.kind || '';
  const selected = list.find((k) => k.kind === selectedKind);
  const configText = config ?? configTemplate(selected);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body = { name, kind: selectedKind, config: parseConfig(configText) };
      const agent = await api<Agent>('POST', '/agents', body);
      navigate(`/agents/${agent.id}`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const other = error && !fieldError(error, 'name', 'kind', 'config');
  return (
    <>
      <PageHeader title="New agent" back={{ href: '/agents', label: 'Agents' }} />
      <form class="panel stack form-narrow" onSubmit={submit} noValidate>
        <Field label="Name" id="agent-name" error={fieldError(error, 'name')}>
          {(attrs) => (
            <input
              {...attrs}
              type="text"
              required
              maxLength={200}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label="Kind"
          id="agent-kind"
          error={fieldError(error, 'kind')}
          hint={selected?.description}
        >
          {(attrs) => (
            <select
              {...attrs}
              value={selectedKind}
              onChange={(e) => {
                setKind(e.currentTarget.value);
                setConfig(null);
              }}
            >
              {list.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.kind}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ErrorNote error={kinds.error} />
        <Field
          label="Config (JSON)"
          id="agent-config"
          error={fieldError(error, 'config')}
          hint="Checked by the kind when you save; errors are shown here."
        >
          {(attrs) => (
            <textarea
              {...attrs}
              class="mono"
              rows={10}
              spellcheck={false}
              value={configText}
              onInput={(e) => setConfig(e.currentTarget.value)}
            />
          )}
        </Field>
        {other ? <ErrorNote error={error} /> : null}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={busy}>
            Create agent
          </button>
          <Link href="/agents" class="btn">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
