import { useState } from 'preact/hooks';
import { api, type WaitToken } from '../api';

/** What a completion through `TokenButtons` came to, for the page to say. */
export type TokenOutcome =
  { token: WaitToken; done: WaitToken; error?: undefined } | { token: WaitToken; error: unknown };

/**
 * The buttons that complete a waiting token as the signed-in user (its `completed_by` then
 * names them): one per choice, or one "Complete" when it offers none. `onOutcome` hears what
 * happened, a refusal too (another completion won: the token has moved on), so that the page
 * says it where it stays in view: the token's row goes once its list is refreshed.
 */
export function TokenButtons(props: {
  token: WaitToken;
  onOutcome: (outcome: TokenOutcome) => Promise<unknown>;
}) {
  const { token } = props;
  const [busy, setBusy] = useState(false);
  const complete = async (choice?: string) => {
    setBusy(true);
    try {
      const done = await api<WaitToken>(
        'POST',
        `/wait-tokens/${encodeURIComponent(token.id)}/complete`,
        choice === undefined ? {} : { choice },
      );
      await props.onOutcome({ token, done });
    } catch (error) {
      await props.onOutcome({ token, error });
    } finally {
      setBusy(false);
    }
  };
  const label = token.title ?? token.step_id;
  return (
    <div class="token-buttons" role="group" aria-label={`Complete “${label}”`}>
      {token.choices ? (
        token.choices.map((choice, i) => (
          <button
            key={choice}
            type="button"
            class={`btn btn-small${i === 0 ? ' btn-primary' : ''}`}
            disabled={busy}
            onClick={() => void complete(choice)}
          >
            {choice}
          </button>
        ))
      ) : (
        <button
          type="button"
          class="btn btn-small btn-primary"
          disabled={busy}
          onClick={() => void complete()}
        >
          Complete
        </button>
      )}
    </div>
  );
}

/** The sentence a page shows after a completion: what was recorded, or why not. */
export function outcomeText(outcome: TokenOutcome): string {
  const name = outcome.token.title ?? outcome.token.step_id;
  if (outcome.error === undefined) {
    const { done } = outcome as { done: WaitToken };
    return done.choice === null
      ? `Completed “${name}”.`
      : `Recorded “${done.choice}” for “${name}”.`;
  }
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  return `“${name}”: ${message}`;
}

/** "4 min", "2 h 5 min", "3 d": the time between `fromIso` and `to` (either way round). */
export function span(fromIso: string, to: number): string {
  const seconds = Math.round(Math.abs(to - Date.parse(fromIso)) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
