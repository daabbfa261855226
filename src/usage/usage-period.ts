/**
 * Calendar arithmetic of usage, all in UTC on `YYYY-MM-DD` strings (the `day` of
 * `model_usage`), which sort and compare as the dates they name.
 */

/** `YYYY-MM-DD` of an instant, in UTC. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first and last day of the UTC calendar month holding `at`. */
export function monthOf(at: Date): { first: string; last: string } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return {
    first: dayOf(new Date(Date.UTC(year, month, 1))),
    last: dayOf(new Date(Date.UTC(year, month + 1, 0))),
  };
}

/** The first day of the month after the one holding `at` (when an allowance renews). */
export function nextMonthStart(at: Date): string {
  return dayOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)));
}

/** A valid calendar date `YYYY-MM-DD` as a UTC midnight, or null (`2026-02-30` is not one). */
export function parseDay(raw: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const date = new Date(`${raw}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || dayOf(date) !== raw ? null : date;
}

/** Days from `from` to `to`, both included (`from` ≤ `to`). */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
}
