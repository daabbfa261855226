import type { ComponentChildren, JSX } from 'preact';
import { ApiFailure } from '../api';

/** A labelled form field with the API's error for that field under it. */
export function Field(props: {
  label: string;
  id: string;
  error?: string;
  hint?: ComponentChildren;
  children: (attrs: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => JSX.Element;
}) {
  const describedBy =
    [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {props.children({
        id: props.id,
        'aria-invalid': Boolean(props.error),
        'aria-describedby': describedBy,
      })}
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The message of a failure for one field, when the API named it. */
export function fieldError(error: unknown, ...fields: string[]): string | undefined {
  if (error instanceof ApiFailure && error.field) {
    for (const field of fields) {
      if (error.field === field || error.field.startsWith(`${field}.`)) return error.message;
    }
  }
  return undefined;
}

/**
 * A fieldset of checkboxes, one per choice (API key scopes, an endpoint's events), with the
 * API's error for the field under it. `onToggle` decides the new selection.
 */
export function ChoiceList<T extends string>(props: {
  legend: string;
  choices: readonly T[];
  selected: readonly T[];
  onToggle: (choice: T, on: boolean) => void;
  error?: string;
  disabled?: (choice: T) => boolean;
  /** What a choice reads as (default: the choice itself, as code). */
  label?: (choice: T) => ComponentChildren;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={choice} class="check">
          <input
            type="checkbox"
            checked={props.selected.includes(choice)}
            disabled={props.disabled?.(choice)}
            onChange={(e) => props.onToggle(choice, e.currentTarget.checked)}
          />
          {props.label ? props.label(choice) : <code>{choice}</code>}
        </label>
      ))}
      {props.error && <p class="field-error">{props.error}</p>}
    </fieldset>
  );
}
