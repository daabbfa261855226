import { ExpressionSandbox } from '../expressions/sandbox';

/**
 * The expression sandbox of the process, shared by the Nest applications of one process (API,
 * webhook, worker: each has its own `workflow` kind) and closed when the last of them stops:
 * a process may start the service again after (tests do), with a new one.
 */
let sandbox: ExpressionSandbox | undefined;
let users = 0;

export function acquireSandbox(): ExpressionSandbox {
  users++;
  return (sandbox ??= new ExpressionSandbox());
}

export function releaseSandbox(): void {
  if (users === 0) return;
  if (--users === 0) {
    sandbox?.close();
    sandbox = undefined;
  }
}
