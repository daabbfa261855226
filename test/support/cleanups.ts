import { afterEach } from 'vitest';

/**
 * Closes what each test of a suite opened (services, targets), after the test, last first,
 * whether it passed or not; a close that fails does not keep the others from running. Call it
 * once in a `describe`; the function it returns registers `thing.close()` and returns `thing`.
 */
export function closeAfterEach(): <T extends { close(): Promise<unknown> }>(thing: T) => T {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
  });
  return (thing) => {
    cleanups.push(() => thing.close());
    return thing;
  };
}
