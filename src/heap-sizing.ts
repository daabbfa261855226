import { setFlagsFromString } from 'node:v8';

/*
 * V8's heap sizing for a long-running service. main.ts imports this module first, before any
 * other module is loaded.
 *
 * Young generation: V8 grows it (by its default factor, 2) whenever a collection finds much of
 * it alive. While modules load and the application is built nearly everything stays alive, so
 * at boot it grew to its limit (2 × 16 MB) and kept that size once idle: about 28 MB of the
 * idle RSS (145 → 117 MB, measured with the service's roles all in one process). It keeps its
 * initial size until the service is up (`serviceUp`); from then on it grows as before, with
 * what the traffic's own collections find alive.
 *
 * Old generation: after each full collection it may grow to twice what it kept (V8 picks up to
 * four times): requests leave short-lived garbage that otherwise piles up between collections.
 * Measured: peak RSS under load ~240 MB instead of ~330, same CPU per request.
 */
setFlagsFromString('--semi-space-growth-factor=1');
setFlagsFromString('--heap-growing-percent=100');

/** V8's own growth of the young generation, from now on. */
export function serviceUp(): void {
  setFlagsFromString('--semi-space-growth-factor=2');
}
