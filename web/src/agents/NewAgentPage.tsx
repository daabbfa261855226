import { useState } from 'preact/hooks';
import { api, type Agent } from '../api';
import { navigate } from '../router';
import { ErrorNote, Field, fieldError, Link, PageHeader, useLoad } from '../ui';
import { configTemplate, loadKinds, parseConfig } from './config';
import { SecretUseNote } from './SecretUseNote';

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
        <SecretUseNote error={error} />
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
