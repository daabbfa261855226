import { StepError, WorkflowErrorCode } from './errors';

/**
 * Runs `attempt` with a signal that is aborted when `parent` is or when `timeoutMs` passes;
 * a step that does not finish in time fails with `timeout` even if it ignores its signal.
 */
export async function withTimeout<T>(
  parent: AbortSignal,
  timeoutMs: number | undefined,
  attempt: (signal: AbortSignal, timedOut: () => boolean) => Promise<T>,
): Promise<T> {
  if (timeoutMs === undefined) return attempt(parent, () => false);
  const controller = new AbortController();
  const signal = AbortSignal.any([parent, controller.signal]);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const error = new StepError(
        WorkflowErrorCode.timeout,
        `The step did not finish within ${timeoutMs} ms`,
      );
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([attempt(signal, () => timedOut), deadline]);
  } catch (error) {
    if (timedOut && !parent.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
