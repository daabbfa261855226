import type { ComponentChildren, Ref } from 'preact';

/**
 * Moves the keyboard focus to an element shown in answer to a click (a stable ref: once),
 * such as a confirmation's button in place of the button that asked for it.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

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

/**
 * A question in a box, with ConfirmInline under it: what confirming does (`children`), then the
 * two buttons, the keyboard focus on the confirming one. `alert`: announced as it appears (it
 * answers a click elsewhere, such as a link held by unsaved work).
 */
export function ConfirmBox(
  props: Omit<Parameters<typeof ConfirmInline>[0], 'confirmRef' | 'small'> & {
    children: ComponentChildren;
    alert?: boolean;
  },
) {
  const { children, alert, ...inline } = props;
  return (
    <div class="confirm" role={alert ? 'alert' : undefined}>
      <p>{children}</p>
      <ConfirmInline {...inline} confirmRef={focusOnMount} />
    </div>
  );
}

/**
 * A row's destructive button (`action`, read as "`action` `target`") that becomes an inline
 * confirmation ("Confirm `doing` `target`") while `confirming`. `alongside`: the row's other
 * buttons, shown beside it until then.
 */
export function ConfirmAction(props: {
  action: string;
  doing: string;
  target: string;
  confirming: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onKeep: () => void;
  busy?: boolean;
  confirmRef?: Ref<HTMLButtonElement>;
  alongside?: ComponentChildren;
}) {
  if (props.confirming) {
    return (
      <ConfirmInline
        small
        label={`Confirm ${props.doing} ${props.target}`}
        confirm={`Confirm ${props.action.toLowerCase()}`}
        confirmRef={props.confirmRef}
        busy={props.busy}
        onConfirm={props.onConfirm}
        onKeep={props.onKeep}
      />
    );
  }
  const ask = (
    <button
      type="button"
      class="btn btn-small"
      aria-label={`${props.action} ${props.target}`}
      onClick={props.onAsk}
    >
      {props.action}
    </button>
  );
  if (props.alongside === undefined) return ask;
  return (
    <span class="confirm-inline">
      {props.alongside}
      {ask}
    </span>
  );
}
