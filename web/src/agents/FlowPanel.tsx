import { useState } from 'preact/hooks';
import { api, type Agent, type FlowKeys } from '../api';
import {
  DataTable,
  Empty,
  ErrorNote,
  fieldError,
  InputField,
  LIVE_REFRESH_MS,
  LoadedList,
  Notice,
  useAction,
  useInterval,
  useLoad,
} from '../ui';

type Flow = NonNullable<Agent['flow']>;
type Control = 'concurrency' | 'throttle' | 'debounce';

/** The form's text of each field, keyed `control.field` (`concurrency.limit`). */
type Texts = Record<string, string>;

const FIELDS: Record<Control, { field: string; label: string; hint: string }[]> = {
  concurrency: [
    {
      field: 'limit',
      label: 'Runs at once',
      hint: '1 to 1000, per key; waiting runs do not count.',
    },
    {
      field: 'key',
      label: 'Key',
      hint: 'A value over $input, e.g. {% $input.customer_id %}; empty: one key.',
    },
  ],
  throttle: [
    { field: 'limit', label: 'Starts per period', hint: '1 to 10000, per key.' },
    { field: 'period_ms', label: 'Period (ms)', hint: '1000 to 86400000.' },
    { field: 'key', label: 'Key', hint: 'A value over $input; empty: one key.' },
  ],
  debounce: [
    {
      field: 'period_ms',
      label: 'Quiet period (ms)',
      hint: '100 to 3600000: starts this long after the last trigger.',
    },
    {
      field: 'max_wait_ms',
      label: 'Longest wait (ms)',
      hint: 'Optional: starts at most this long after the first trigger.',
    },
    { field: 'key', label: 'Key', hint: 'A value over $input; empty: one key.' },
  ],
};
const CONTROLS = Object.keys(FIELDS) as Control[];
const NUMBERS = new Set(['limit', 'period_ms', 'max_wait_ms']);

function textsOf(flow: Agent['flow']): Texts {
  const texts: Texts = {};
  for (const control of CONTROLS) {
    const value = flow?.[control] as Record<string, unknown> | undefined;
    texts[control] = value ? 'on' : '';
    for (const { field } of FIELDS[control]) {
      const v = value?.[field];
      texts[`${control}.${field}`] =
        v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    }
  }
  return texts;
}

/** The `flow` the form says (numbers as typed, so that the API names a bad one). */
function flowOf(texts: Texts): Flow | null {
  const flow: Record<string, Record<string, unknown>> = {};
  for (const control of CONTROLS) {
    if (!texts[control]) continue;
    const value: Record<string, unknown> = {};
    for (const { field } of FIELDS[control]) {
      const text = texts[`${control}.${field}`].trim();
      if (text === '') continue;
      value[field] = NUMBERS.has(field) && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }
    flow[control] = value;
  }
  return Object.keys(flow).length === 0 ? null : (flow as Flow);
}

/** Keys shown at most: those with the most queued runs. */
const KEYS_SHOWN = 20;

/**
 * What runs and waits per key (`GET /v2/agents/:id/flow/keys`), refreshed every second while
 * the page is open: the most queued keys first.
 */
function FlowKeysTable({ agentId }: { agentId: string }) {
  const keys = useLoad(
    () =>
      api<FlowKeys>('GET', `/agents/${encodeURIComponent(agentId)}/flow/keys?limit=${KEYS_SHOWN}`),
    [agentId],
  );
  useInterval(() => keys.reload(), LIVE_REFRESH_MS, keys.data !== undefined);
  return (
    <div class="stack" data-testid="flow-keys">
      <h3>Runs per key</h3>
      <LoadedList
        loaded={keys}
        items={(data) => data.data}
        empty={
          <Empty title="Nothing running or queued">
            Runs of this agent show here per key while they run or wait for their turn.
          </Empty>
        }
      >
        {(items) => (
          <>
            <DataTable
              columns={[
                'Key',
                { label: 'Running', class: 'num' },
                { label: 'Queued', class: 'num' },
              ]}
            >
              {items.map((item) => (
                <tr key={item.key} data-flow-key={item.key}>
                  <td>
                    {item.key === 'null' ? (
                      <span class="muted">No key (null)</span>
                    ) : (
                      <code class="break">{item.key}</code>
                    )}
                  </td>
                  <td class="num">{item.running}</td>
                  <td class="num" title={`${item.held} held by flow control`}>
                    {item.queued}
                  </td>
                </tr>
              ))}
            </DataTable>
            {keys.data && keys.data.meta.total > items.length && (
              <p class="muted small">
                The {items.length} keys with the most queued runs, of {keys.data.meta.total}.
              </p>
            )}
          </>
        )}
      </LoadedList>
    </div>
  );
}

/**
 * The agent's flow control (`PATCH /v2/agents/:id {flow}`): concurrency, throttle and
 * debounce, each switched on or off, with the API's errors at their fields; an unticked one
 * shows its checkbox alone. Below, while the agent has a flow, its runs per key.
 */
export function FlowPanel({ agent, onSaved }: { agent: Agent; onSaved: () => Promise<void> }) {
  const [texts, setTexts] = useState<Texts | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction(onSaved);
  const current = texts ?? textsOf(agent.flow);
  const set = (key: string, value: string) => {
    setTexts({ ...current, [key]: value });
    setSaved(false);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    setSaved(false);
    return save.run(async () => {
      await api<Agent>('PATCH', `/agents/${agent.id}`, { flow: flowOf(current) });
      setTexts(null);
      setSaved(true);
    });
  };
  const fieldOf = (control: Control, field: string) =>
    fieldError(save.error, `flow.${control}.${field}`);
  const other =
    save.error &&
    !CONTROLS.some((control) => FIELDS[control].some(({ field }) => fieldOf(control, field)));
  return (
    <section class="panel" aria-labelledby="agent-flow-title">
      <h2 id="agent-flow-title">Flow control</h2>
      <p class="muted">
        Limits how runs of this agent start. Held runs stay queued and start in order within a key;
        keys take turns.
      </p>
      <form class="stack form-narrow" onSubmit={submit} noValidate>
        {CONTROLS.map((control) => (
          <fieldset key={control} class={current[control] ? 'stack' : 'stack flow-off'}>
            <legend>
              <label>
                <input
                  type="checkbox"
                  name={`flow-${control}`}
                  checked={Boolean(current[control])}
                  onChange={(e) => set(control, e.currentTarget.checked ? 'on' : '')}
                />{' '}
                {control[0].toUpperCase() + control.slice(1)}
              </label>
            </legend>
            {current[control] &&
              FIELDS[control].map(({ field, label, hint }) => (
                <InputField
                  key={field}
                  label={label}
                  id={`flow-${control}-${field}`}
                  hint={hint}
                  error={fieldOf(control, field)}
                  type="text"
                  value={current[`${control}.${field}`]}
                  onValue={(value) => set(`${control}.${field}`, value)}
                />
              ))}
          </fieldset>
        ))}
        {other ? <ErrorNote error={save.error} /> : null}
        {saved && <Notice>Flow control saved.</Notice>}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={save.busy || texts === null}>
            Save flow control
          </button>
        </div>
      </form>
      {agent.flow && <FlowKeysTable agentId={agent.id} />}
    </section>
  );
}
