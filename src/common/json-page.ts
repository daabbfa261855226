import type { Response } from 'express';
import { once } from 'node:events';
import { heavyTurn } from './heavy-turns';

/**
 * A list page ends early, after at least one item, once its items pass this many bytes of
 * JSON: a page of large records (1 MiB inputs and outputs) stays a few MiB, whatever its
 * `limit`. `has_more` and `next_cursor` then say so as on any page that is not the last.
 */
export const PAGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** Rows read from the database at once for a page, at most (and about 1 MiB of them). */
const READ_BATCH_ROWS = 10;
const READ_BATCH_BYTES = 1024 * 1024;

/** A row of a page before it is read, with the stored size of its large columns. */
export interface SizedRow {
  size: number;
}

export interface SerialisedPage<R> {
  /** The items' JSON (UTF-8), in order. */
  items: Buffer[];
  /** The last row the page covers (its cursor's position); undefined for an empty page. */
  last: R | undefined;
  /** Rows after `last` that the page left out: the page ended early. */
  cut: boolean;
}

/**
 * The JSON of a page's items, so that no part of it holds the event loop for long: the full
 * rows are read in batches of at most READ_BATCH_ROWS (and about READ_BATCH_BYTES of stored
 * size), each batch read and each item serialised on a heavy turn of the event loop
 * (heavy-turns.ts), and the page stops once
 * its items pass `budget` bytes. No batch is read that the budget already excludes: an
 * item's JSON is never shorter than its stored columns. `read` answers the full records of
 * some rows in order, undefined for a row gone since (left out of the page).
 */
export async function serialisePage<R extends SizedRow, T>(
  rows: readonly R[],
  read: (rows: R[]) => Promise<(T | undefined)[]>,
  toJson: (records: T[]) => Promise<unknown[]>,
  budget = PAGE_BUDGET_BYTES,
): Promise<SerialisedPage<R>> {
  const items: Buffer[] = [];
  let bytes = 0;
  let next = 0;
  let last: R | undefined;
  while (next < rows.length && !(items.length > 0 && bytes > budget)) {
    const batch: R[] = [];
    let planned = 0;
    while (
      next + batch.length < rows.length &&
      (batch.length === 0 ||
        (batch.length < READ_BATCH_ROWS && planned < READ_BATCH_BYTES && bytes + planned <= budget))
    ) {
      const row = rows[next + batch.length];
      batch.push(row);
      planned += row.size;
    }
    await heavyTurn();
    const found = await read(batch);
    const present = found.filter((record): record is T => record !== undefined);
    const values = await toJson(present);
    let v = 0;
    for (let i = 0; i < batch.length; i++) {
      next++;
      last = batch[i];
      if (found[i] === undefined) continue;
      await heavyTurn();
      const json = Buffer.from(JSON.stringify(values[v++]));
      items.push(json);
      bytes += json.length;
      if (bytes > budget) break;
    }
  }
  return { items, last, cut: next < rows.length };
}

/**
 * Answers 200 `{"data": [...items], "meta": meta}` from items already serialised, one item
 * per heavy turn of the event loop (after the socket drained when its buffer is full), so that
 * a page of several MiB is never encoded or copied in one piece.
 */
export async function sendPage(
  res: Response,
  items: readonly Buffer[],
  meta: Record<string, unknown>,
): Promise<void> {
  const head = Buffer.from('{"data":[');
  const tail = Buffer.from(`],"meta":${JSON.stringify(meta)}}`);
  const length =
    head.length +
    items.reduce((sum, item) => sum + item.length, 0) +
    Math.max(0, items.length - 1) +
    tail.length;
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(length));
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  res.write(head);
  for (let i = 0; i < items.length; i++) {
    if (res.destroyed) return;
    if (i > 0) res.write(COMMA);
    const ready = res.write(items[i]);
    if (!ready) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    else await heavyTurn();
  }
  res.end(tail);
}

const COMMA = Buffer.from(',');
