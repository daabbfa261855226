/** The message of an error (or the thrown value as text), for log lines. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
