/** The current time; one place so that tests and hot paths agree on how "now" is read. */
export const now = (): Date => new Date();

/** `YYYY-MM-DD` of a date in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
