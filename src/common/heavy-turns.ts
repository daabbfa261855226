/**
 * Turns of the event loop for big JSON work (parsing a 1 MiB body, serialising a page item):
 * `heavyTurn()` resolves when it is the caller's turn. At most one such turn is given per
 * iteration of the event loop, in the order they were asked for, and after a turn whose work
 * held the loop for more than a few ms the next one waits about as long (at most
 * MAX_PAUSE_MS): the loop then serves everything else meanwhile. Every other request thus
 * waits for one piece of big work at most, however many requests bring big JSON at once, and
 * big JSON gets about half of a busy loop; the requests that bring it share that in turn.
 */
const waiting: (() => void)[] = [];
let scheduled = false;
/** When the last turn was given (performance.now()). */
let lastGiven = -Infinity;

/** Bodies and values at least this large (bytes) take their turn; smaller ones go at once. */
export const HEAVY_JSON_BYTES = 64 * 1024;
/** A turn whose work (with what ran beside it) took longer than this is followed by a pause. */
const PAUSE_AFTER_MS = 8;
const MAX_PAUSE_MS = 25;

export function heavyTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // An immediate queued while immediates run waits for the next iteration (after the poll).
  setImmediate(pace);
}

/** Runs an iteration after the last turn was given: gives the next one now, or after a pause. */
function pace(): void {
  const busy = performance.now() - lastGiven;
  if (busy > PAUSE_AFTER_MS && busy < 2 * MAX_PAUSE_MS) {
    setTimeout(giveTurn, Math.min(busy, MAX_PAUSE_MS));
  } else {
    giveTurn();
  }
}

function giveTurn(): void {
  scheduled = false;
  const next = waiting.shift();
  if (!next) return;
  lastGiven = performance.now();
  if (waiting.length > 0) schedule();
  next();
}

/** Values known to be large (a body of HEAVY_JSON_BYTES or more and its top-level fields). */
const heavyValues = new WeakSet<object>();

/** Marks `value` (an object) as large: the steps that handle it take heavy turns. */
export function markHeavy(value: unknown): void {
  if (value !== null && typeof value === 'object') heavyValues.add(value);
}

/** A heavy turn when `value` was marked large, else nothing to wait for. */
export async function heavyTurnFor(value: unknown): Promise<void> {
  if (value !== null && typeof value === 'object' && heavyValues.has(value)) await heavyTurn();
}
