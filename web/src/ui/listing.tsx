import type { ComponentChildren } from 'preact';
import type { Loaded } from './hooks';
import { ErrorNote, Loading } from './layout';

/**
 * What a list loaded by `useLoad` shows: its error, "Loading…" until it has data, then `empty`
 * where `items` finds none (when given), else `children` with the items.
 */
export function LoadedList<T, I>(props: {
  loaded: Loaded<T>;
  items: (data: T) => readonly I[];
  empty?: ComponentChildren;
  /** An error shown in place of the load's own (an action's, where they share one note). */
  error?: unknown;
  children: (items: readonly I[]) => ComponentChildren;
}) {
  const { loaded } = props;
  const items = loaded.data === undefined ? [] : props.items(loaded.data);
  return (
    <>
      <ErrorNote error={props.error ?? loaded.error} />
      {!loaded.data
        ? !loaded.error && <Loading />
        : items.length === 0 && props.empty !== undefined
          ? props.empty
          : props.children(items)}
    </>
  );
}

/** The "Load more" button under a cursor-paged list, shown while there is a next page. */
export function LoadMore(props: { cursor: string | null; loading: boolean; onClick: () => void }) {
  if (!props.cursor) return null;
  return (
    <div class="load-more">
      <button type="button" class="btn" onClick={props.onClick} disabled={props.loading}>
        {props.loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}

/** A column of a `DataTable`: its header, and the class of the header cell. */
export type Column = string | { label: string; class?: string };

/**
 * A table in its scrolling wrapper, with one header row. `actions`: a last column of row
 * buttons, its header for screen readers only; `stacked`: on a narrow screen each row stands
 * as a card of labelled cells (class `stack-narrow`).
 */
export function DataTable(props: {
  columns: readonly Column[];
  actions?: boolean;
  stacked?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class="table-wrap">
      <table class={props.stacked ? 'stack-narrow' : undefined}>
        <thead>
          <tr>
            {props.columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" class={column.class}>
                  {column.label}
                </th>
              ),
            )}
            {props.actions && (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/**
 * A panel of items the user adds to (keys, endpoints, secrets): its heading, and the button
 * that opens the form for a new one, shown while `onAdd` is given (not while the form is open).
 */
export function ItemsPanel(props: {
  id: string;
  title: string;
  add: string;
  onAdd?: () => void;
  children: ComponentChildren;
}) {
  const titleId = `${props.id}-title`;
  return (
    <section class="panel" aria-labelledby={titleId}>
      <div class="panel-head">
        <h2 id={titleId}>{props.title}</h2>
        {props.onAdd && (
          <button type="button" class="btn btn-primary btn-small" onClick={props.onAdd}>
            {props.add}
          </button>
        )}
      </div>
      {props.children}
    </section>
  );
}
