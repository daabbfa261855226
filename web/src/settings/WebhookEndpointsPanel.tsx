import { useState } from 'preact/hooks';
import {
  api,
  ENDPOINT_EVENTS,
  type CreatedWebhookEndpoint,
  type EndpointEventChoice,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '../api';
import {
  ChoiceList,
  ConfirmAction,
  Empty,
  ErrorNote,
  fieldError,
  InputField,
  ItemForm,
  ItemsPanel,
  LoadedList,
  SecretOnce,
  useAction,
  useLoad,
} from '../ui';
import { EndpointDeliveries } from './EndpointDeliveries';

/**
 * Account-level event subscriptions: endpoints (secret shown once), test, enable and disable,
 * secret rotation, delete, deliveries.
 */
export function WebhookEndpointsPanel() {
  const endpoints = useLoad(
    () => api<WebhookEndpointList>('GET', '/webhook-endpoints?limit=100'),
    [],
  );
  const [creating, setCreating] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EndpointEventChoice[]>(['*']);
  /** A secret shown once: of a new endpoint, or a rotated one (`rotated`). */
  const [created, setCreated] = useState<(CreatedWebhookEndpoint & { rotated?: boolean }) | null>(
    null,
  );
  const [deleting, setDeleting] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const { error, run: act } = useAction(endpoints.reload);

  const create = (event: Event) => {
    event.preventDefault();
    return act(async () => {
      const body = { url, events, ...(description.trim() ? { description } : {}) };
      setCreated(await api<CreatedWebhookEndpoint>('POST', '/webhook-endpoints', body));
      setCreating(false);
      setUrl('');
      setDescription('');
      setEvents(['*']);
    });
  };
  const toggle = (choice: EndpointEventChoice, on: boolean) => {
    if (choice === '*') return setEvents(on ? ['*'] : []);
    const rest = events.filter((e) => e !== '*' && e !== choice);
    setEvents(on ? [...rest, choice] : rest);
  };
  return (
    <ItemsPanel
      id="endpoints"
      title="Webhook endpoints"
      add="Add endpoint"
      onAdd={creating ? undefined : () => setCreating(true)}
    >
      <p class="muted">
        Endpoints receive the account's events (executions and agents), signed with their own
        secret, retried on failure.
      </p>
      {created && (
        <SecretOnce
          label={`${created.rotated ? 'New signing secret' : 'Signing secret'} of ${created.url}`}
          value={created.secret}
          onDone={() => setCreated(null)}
        >
          {created.rotated && (
            <p class="muted small">
              Deliveries carry a signature with this secret and, for 24 hours, one with the old
              secret too: update the receiver within that time.
            </p>
          )}
        </SecretOnce>
      )}
      {creating && (
        <ItemForm
          label="New webhook endpoint"
          submit="Add endpoint"
          onSubmit={create}
          onCancel={() => setCreating(false)}
          error={error}
          fields={['url', 'description', 'events']}
        >
          <InputField
            label="Endpoint URL"
            id="endpoint-url"
            error={fieldError(error, 'url')}
            type="url"
            required
            maxLength={2048}
            placeholder="https://example.com/hooks/agents"
            value={url}
            onValue={setUrl}
          />
          <InputField
            label="Description (optional)"
            id="endpoint-description"
            error={fieldError(error, 'description')}
            hint="What the endpoint is for, shown in this list."
            type="text"
            placeholder="CRM sync"
            value={description}
            onValue={setDescription}
          />
          <ChoiceList
            legend="Events"
            choices={ENDPOINT_EVENTS}
            selected={events}
            error={fieldError(error, 'events')}
            disabled={(choice) => choice !== '*' && events.includes('*')}
            label={(choice) => (choice === '*' ? 'All events' : <code>{choice}</code>)}
            onToggle={toggle}
          />
        </ItemForm>
      )}
      {!creating && error ? <ErrorNote error={error} /> : null}
      <LoadedList
        loaded={endpoints}
        items={(page) => page.data}
        empty={
          <Empty title="No webhook endpoints">
            Add one to hear about runs without a callback URL.
          </Empty>
        }
      >
        {(list) => (
          <ul class="endpoint-list">
            {list.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                endpoint={endpoint}
                open={open === endpoint.id}
                deleting={deleting === endpoint.id}
                onToggle={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                onTest={() => act(() => api('POST', `/webhook-endpoints/${endpoint.id}/test`))}
                onEnable={(enabled) =>
                  act(() => api('PATCH', `/webhook-endpoints/${endpoint.id}`, { enabled }))
                }
                onRotate={() =>
                  act(async () => {
                    const rotated = await api<CreatedWebhookEndpoint>(
                      'POST',
                      `/webhook-endpoints/${endpoint.id}/secret/rotate`,
                    );
                    setCreated({ ...rotated, rotated: true });
                  })
                }
                onDelete={() => setDeleting(endpoint.id)}
                onKeep={() => setDeleting(null)}
                onConfirmDelete={() =>
                  act(async () => {
                    await api('DELETE', `/webhook-endpoints/${endpoint.id}`);
                    setDeleting(null);
                    setCreated((shown) => (shown?.id === endpoint.id ? null : shown));
                  })
                }
              />
            ))}
          </ul>
        )}
      </LoadedList>
    </ItemsPanel>
  );
}

function EndpointRow(props: {
  endpoint: WebhookEndpoint;
  open: boolean;
  deleting: boolean;
  onToggle: () => void;
  onTest: () => void;
  onEnable: (enabled: boolean) => void;
  onRotate: () => void;
  onDelete: () => void;
  onKeep: () => void;
  onConfirmDelete: () => void;
}) {
  const { endpoint } = props;
  return (
    <li class="subpanel">
      <div class="panel-head">
        <div>
          {endpoint.description && <div class="endpoint-description">{endpoint.description}</div>}
          <div class="mono">{endpoint.url}</div>
          <div class="muted">
            {endpoint.events.includes('*') ? 'All events' : endpoint.events.join(', ')}
            {!endpoint.enabled && ' · disabled'}
          </div>
          {endpoint.disabled_reason && <p class="field-error">{endpoint.disabled_reason}</p>}
        </div>
        <div class="row-actions">
          <button
            type="button"
            class="btn btn-small"
            aria-expanded={props.open}
            onClick={props.onToggle}
          >
            {props.open ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button
            type="button"
            class="btn btn-small"
            disabled={!endpoint.enabled}
            onClick={props.onTest}
          >
            Send test
          </button>
          {/* Re-enabling also clears what the service disabled it for (disabled_reason). */}
          <button
            type="button"
            class="btn btn-small"
            onClick={() => props.onEnable(!endpoint.enabled)}
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <button type="button" class="btn btn-small" onClick={props.onRotate}>
            Rotate secret
          </button>
          <ConfirmAction
            action="Delete"
            doing="deleting"
            target={endpoint.url}
            confirming={props.deleting}
            onAsk={props.onDelete}
            onConfirm={props.onConfirmDelete}
            onKeep={props.onKeep}
          />
        </div>
      </div>
      {props.open && <EndpointDeliveries endpointId={endpoint.id} />}
    </li>
  );
}
