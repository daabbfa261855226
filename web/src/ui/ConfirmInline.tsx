import type { Ref } from 'preact';

/**
 * An inline confirmation in place of a destructive button (no `window.confirm`): the
 * confirming button and one to keep things as they are, grouped under `label` for assistive
 * technology. `small` for a row of a table.
 */
export function ConfirmInline(props: {
  label: string;
  confirm: string;
  keep?: string;
  onConfirm: () => void;
  onKeep: () => void;
  busy?: boolean;
  small?: boolean;
  confirmRef?: Ref<HTMLButtonElement>;
}) {
  const size = props.small ? ' btn-small' : '';
  return (
    <span class="confirm-inline" role="group" aria-label={props.label}>
      <button
        type="button"
        class={`btn btn-danger${size}`}
        ref={props.confirmRef}
        disabled={props.busy}
        onClick={props.onConfirm}
      >
        {props.confirm}
      </button>
      <button type="button" class={`btn${size}`} onClick={props.onKeep}>
        {props.keep ?? 'Keep'}
      </button>
    </span>
  );
}
