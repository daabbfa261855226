/**
 * The one way the tests wait: poll until a condition holds, or fail after a deadline with
 * the last value seen. A test never sleeps and hopes: it waits for what it expects, and a
 * negative check ("nothing happened") waits for something that proves the moment has passed.
 */

/** Polls `read` until `done` says yes, or fails after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  everyMs = 25,
  what = 'Condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what} not reached within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Polls `check` until it returns a value other than undefined or false, which it resolves. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = 'Condition',
): Promise<T> {
  const value = await waitFor(check, (v) => v !== undefined && v !== false, timeoutMs, 20, what);
  return value as T;
}
