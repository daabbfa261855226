import { useState } from 'preact/hooks';
import {
  api,
  ApiFailure,
  SCHEDULE_CATCH_UPS,
  SCHEDULE_OVERLAPS,
  type Agent,
  type Schedule,
  type ScheduleCatchUp,
  type ScheduleList,
  type ScheduleOverlap,
} from '../api';
import {
  ConfirmAction,
  DataTable,
  ErrorNote,
  Field,
  fieldError,
  ItemsPanel,
  Loading,
  Notice,
  Time,
  useAction,
  useLoad,
} from '../ui';
import { describeCron, timeZones } from './cron-text';

const OVERLAP_TEXT: Record<ScheduleOverlap, string> = {
  skip: 'Skip a run while the previous one is unfinished',
  allow: 'Start it anyway',
};
const CATCH_UP_TEXT: Record<ScheduleCatchUp, string> = {
  none: 'None: drop missed runs',
  last: 'Last: run the most recent missed one',
  all: 'All: run every missed one of the last 24 h (at most 100)',
};

interface Draft {
  cron: string;
  timezone: string;
  input: string;
  overlap: ScheduleOverlap;
  catch_up: ScheduleCatchUp;
  jitter: string;
}

const draftOf = (schedule?: Schedule): Draft => ({
  cron: schedule?.cron ?? '0 9 * * MON-FRI',
  timezone: schedule?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
  input: JSON.stringify(schedule?.input ?? {}, null, 2),
  overlap: (schedule?.overlap as ScheduleOverlap | undefined) ?? 'skip',
  catch_up: (schedule?.catch_up as ScheduleCatchUp | undefined) ?? 'last',
  jitter: String((schedule?.jitter_ms ?? 0) / 1000),
});

/**
 * The agent's schedules (`/v2/agents/:id/schedules`): each with its cron in words and its
 * next runs in the viewer's time zone; add, edit, enable or disable, delete. The cron is
 * checked at the field while it is typed, by the parser the service uses.
 */
export function SchedulesPanel({ agent }: { agent: Agent }) {
  const list = useLoad(
    () => api<ScheduleList>('GET', `/agents/${agent.id}/schedules`),
    [agent.id, agent.status],
  );
  /** The schedule being edited, `new` for the form of a new one, null for none. */
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const change = useAction(list.reload);
  const schedules = list.data?.data ?? [];

  const toggle = (schedule: Schedule) =>
    change.run(() => api('PATCH', `/schedules/${schedule.id}`, { enabled: !schedule.enabled }));
  const remove = (schedule: Schedule) =>
    change.run(async () => {
      await api('DELETE', `/schedules/${schedule.id}`);
      setDeleting(null);
    });

  return (
    <ItemsPanel
      id="agent-schedules"
      title="Schedules"
      add="Add schedule"
      onAdd={editing === null ? () => setEditing('new') : undefined}
    >
      <p class="muted">
        Runs of this agent on a timetable, with the input given here.
        {agent.status !== 'active' && ' The agent is paused: its schedules start nothing.'}
      </p>
      <ErrorNote error={list.error ?? change.error} />
      {editing === 'new' && (
        <ScheduleForm
          agentId={agent.id}
          onDone={async () => {
            setEditing(null);
            await list.reload();
          }}
        />
      )}
      {!list.data && !list.error && <Loading />}
      {list.data && schedules.length === 0 && editing !== 'new' && (
        <p class="muted">No schedules yet.</p>
      )}
      {schedules.length > 0 && (
        <DataTable columns={['When', 'Next runs', 'Options', 'Status']} actions stacked>
          {schedules.map((schedule) => (
            <tr key={schedule.id}>
              <td>
                <code>{schedule.cron}</code>
                <div class="small">{describeCron(schedule.cron, schedule.timezone).words}</div>
                <div class="muted small">{schedule.timezone}</div>
              </td>
              <td>
                {schedule.next_runs.length === 0 ? (
                  <span class="muted">—</span>
                ) : (
                  <ul class="plain small" aria-label={`Next runs of ${schedule.cron}`}>
                    {schedule.next_runs.slice(0, 3).map((run) => (
                      <li key={run}>
                        <Time iso={run} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td class="small">
                overlap {schedule.overlap} · catch-up {schedule.catch_up}
                {schedule.jitter_ms > 0 && ` · jitter ${schedule.jitter_ms / 1000} s`}
              </td>
              <td>{schedule.enabled ? 'Enabled' : 'Disabled'}</td>
              <td>
                <ConfirmAction
                  action="Delete"
                  doing="deleting"
                  target={`schedule ${schedule.cron}`}
                  confirming={deleting === schedule.id}
                  onAsk={() => setDeleting(schedule.id)}
                  onConfirm={() => void remove(schedule)}
                  onKeep={() => setDeleting(null)}
                  busy={change.busy}
                  alongside={
                    <>
                      <button
                        type="button"
                        class="btn btn-small"
                        aria-label={`${schedule.enabled ? 'Disable' : 'Enable'} schedule ${schedule.cron}`}
                        disabled={change.busy}
                        onClick={() => void toggle(schedule)}
                      >
                        {schedule.enabled ? 'Disable' : 'Enable'}
                      </button>
                      <button
                        type="button"
                        class="btn btn-small"
                        aria-label={`Edit schedule ${schedule.cron}`}
                        onClick={() => setEditing(schedule.id)}
                      >
                        Edit
                      </button>
                    </>
                  }
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing !== null && editing !== 'new' && (
        <ScheduleForm
          agentId={agent.id}
          schedule={schedules.find((schedule) => schedule.id === editing)}
          onDone={async () => {
            setEditing(null);
            await list.reload();
          }}
        />
      )}
    </ItemsPanel>
  );
}

/** The form of a new schedule, or of an existing one (`schedule`). */
function ScheduleForm(props: {
  agentId: string;
  schedule?: Schedule;
  onDone: () => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.schedule));
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const set = (changes: Partial<Draft>) => {
    setDraft({ ...draft, ...changes });
    setSaved(false);
  };
  const cron = describeCron(draft.cron, draft.timezone);
  const zones = timeZones();
  const prefix = props.schedule ? `schedule-${props.schedule.id}` : 'schedule-new';

  const submit = (event: Event) => {
    event.preventDefault();
    return save.run(async () => {
      if (cron.error) throw new ApiFailure(400, 'invalid_request', cron.error, 'cron');
      let input: unknown;
      try {
        input = JSON.parse(draft.input || '{}');
      } catch {
        throw new ApiFailure(400, 'invalid_request', 'The input must be valid JSON.', 'input');
      }
      const jitter = Number(draft.jitter);
      if (!(draft.jitter.trim() && jitter >= 0 && jitter <= 3600)) {
        throw new ApiFailure(400, 'invalid_request', 'Enter from 0 to 3600 seconds.', 'jitter_ms');
      }
      const body = {
        cron: draft.cron.trim(),
        timezone: draft.timezone,
        input,
        overlap: draft.overlap,
        catch_up: draft.catch_up,
        jitter_ms: Math.round(jitter * 1000),
      };
      if (props.schedule) await api('PATCH', `/schedules/${props.schedule.id}`, body);
      else await api('POST', `/agents/${props.agentId}/schedules`, body);
      setSaved(true);
      await props.onDone();
    });
  };
  const other =
    save.error &&
    !fieldError(save.error, 'cron', 'timezone', 'input', 'jitter_ms', 'overlap', 'catch_up');

  return (
    <form
      class="stack form-narrow"
      onSubmit={submit}
      noValidate
      aria-label={props.schedule ? `Edit schedule ${props.schedule.cron}` : 'New schedule'}
    >
      <Field
        label="Cron expression"
        id={`${prefix}-cron`}
        error={cron.error ?? fieldError(save.error, 'cron')}
        hint={
          cron.words ??
          '5 fields (minute hour day month weekday), 6 with seconds first, or @hourly, @daily, …'
        }
      >
        {(attrs) => (
          <input
            {...attrs}
            type="text"
            class="mono"
            required
            maxLength={255}
            spellcheck={false}
            value={draft.cron}
            onInput={(e) => set({ cron: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field label="Time zone" id={`${prefix}-timezone`} error={fieldError(save.error, 'timezone')}>
        {(attrs) => (
          <select
            {...attrs}
            value={draft.timezone}
            onChange={(e) => set({ timezone: e.currentTarget.value })}
          >
            {(zones.includes(draft.timezone) ? zones : [draft.timezone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Input (JSON)"
        id={`${prefix}-input`}
        error={fieldError(save.error, 'input')}
        hint="The input of every run this schedule starts."
      >
        {(attrs) => (
          <textarea
            {...attrs}
            class="mono"
            rows={4}
            spellcheck={false}
            value={draft.input}
            onInput={(e) => set({ input: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field label="While the previous run is unfinished" id={`${prefix}-overlap`}>
        {(attrs) => (
          <select
            {...attrs}
            value={draft.overlap}
            onChange={(e) => set({ overlap: e.currentTarget.value as ScheduleOverlap })}
          >
            {SCHEDULE_OVERLAPS.map((value) => (
              <option key={value} value={value}>
                {OVERLAP_TEXT[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Missed runs (no worker ran, or over 60 s late)" id={`${prefix}-catch-up`}>
        {(attrs) => (
          <select
            {...attrs}
            value={draft.catch_up}
            onChange={(e) => set({ catch_up: e.currentTarget.value as ScheduleCatchUp })}
          >
            {SCHEDULE_CATCH_UPS.map((value) => (
              <option key={value} value={value}>
                {CATCH_UP_TEXT[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Jitter (seconds)"
        id={`${prefix}-jitter`}
        error={fieldError(save.error, 'jitter_ms')}
        hint="Each run is delayed by a random amount up to this."
      >
        {(attrs) => (
          <input
            {...attrs}
            type="number"
            min={0}
            max={3600}
            step="any"
            value={draft.jitter}
            onInput={(e) => set({ jitter: e.currentTarget.value })}
          />
        )}
      </Field>
      {other ? <ErrorNote error={save.error} /> : null}
      {saved && <Notice>Schedule saved.</Notice>}
      <div class="actions">
        <button type="submit" class="btn btn-primary" disabled={save.busy || Boolean(cron.error)}>
          {props.schedule ? 'Save schedule' : 'Add schedule'}
        </button>
        <button type="button" class="btn" onClick={() => void props.onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
