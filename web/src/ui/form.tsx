import type { ComponentChildren, JSX, Ref } from 'preact';
import { ApiFailure } from '../api';
import { ErrorNote } from './layout';

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

/** A labelled `<input>` (`Field`) whose text is `value`; `onValue` gets every edit. */
export function InputField(props: {
  label: string;
  id: string;
  error?: string;
  hint?: ComponentChildren;
  value: string;
  onValue: (value: string) => void;
  type: 'text' | 'url' | 'email' | 'password';
  name?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  spellcheck?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { label, id, error, hint, value, onValue, inputRef, ...rest } = props;
  // Preact types an input by its `type`, one literal at a time; these attributes suit all four.
  const input = rest as Omit<typeof rest, 'type'> & { type: 'text' };
  return (
    <Field label={label} id={id} error={error} hint={hint}>
      {(attrs) => (
        <input
          {...attrs}
          {...input}
          ref={inputRef}
          value={value}
          onInput={(e) => onValue(e.currentTarget.value)}
        />
      )}
    </Field>
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

/** A form's failure when it names none of `fields` (those show under their field). */
export function FormError(props: { error: unknown; fields: readonly string[] }) {
  return props.error && !fieldError(props.error, ...props.fields) ? (
    <ErrorNote error={props.error} />
  ) : null;
}

/**
 * A panel's form for one item (a new key, endpoint or secret value): its fields, the failure
 * that names none of `fields` (those show under their field), submit (disabled while `busy`)
 * and Cancel.
 */
export function ItemForm(props: {
  label: string;
  submit: ComponentChildren;
  onSubmit: (event: Event) => unknown;
  onCancel: () => void;
  error: unknown;
  fields: readonly string[];
  busy?: boolean;
  narrow?: boolean;
  children: ComponentChildren;
}) {
  return (
    <form
      class={`subpanel stack${props.narrow ? ' form-narrow' : ''}`}
      onSubmit={props.onSubmit}
      aria-label={props.label}
    >
      {props.children}
      <FormError error={props.error} fields={props.fields} />
      <div class="actions">
        <button type="submit" class="btn btn-primary" disabled={props.busy}>
          {props.submit}
        </button>
        <button type="button" class="btn" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
