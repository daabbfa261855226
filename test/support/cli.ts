import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

const root = join(__dirname, '..', '..');

/**
 * Builds dist/ when it is stale (scripts/ensure-build.js), under a lock so that the sqlite
 * and mariadb projects, running at once, never build over each other.
 */
export async function ensureBuilt(timeoutMs = 170_000): Promise<void> {
  const lock = join(
    tmpdir(),
    `aas-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is stale after 3 minutes.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmdirSync(lock);
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw new Error(`could not take the build lock ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'ensure-build.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } finally {
    rmdirSync(lock);
  }
}

/**
 * The CPU time of one CLI process, for the costliest commands (`agent:create`, `seed:demo`:
 * they load the agents, their kinds and the workflow engine), measured with
 * `time node dist/src/cli/main.js seed:demo` on this project's test machine: 1.5–1.9 s of
 * user + sys; `migrate` 0.5 s, account and key commands 1.0 s.
 */
export const CLI_COMMAND_CPU_MS = 2000;

/**
 * How much longer than its CPU time a process may take in wall time while the machine is
 * shared: 2 cores and up to eight suites at once is four runnable processes per core or more;
 * the slowest seen was about five times (7.4 s a process, eleven in 82 s, at a load average
 * of 20). Eight leaves a margin over that.
 */
export const SHARED_MACHINE_SLOWDOWN = 8;

/** The wall time one CLI process may take on the test machine (16 s). */
export const CLI_COMMAND_BUDGET_MS = CLI_COMMAND_CPU_MS * SHARED_MACHINE_SLOWDOWN;

/**
 * The timeout of a test that runs `commands` CLI processes (at once or one after the other:
 * they share the same CPUs), plus `otherMs` for the rest of what it does.
 */
export function cliBudget(commands: number, otherMs = 10_000): number {
  return commands * CLI_COMMAND_BUDGET_MS + otherMs;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI (`node dist/src/cli/main.js ...args`) with only the given environment.
 * A process still running after four commands' budget is killed (it hangs: the test fails).
 */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'dist', 'src', 'cli', 'main.js'), ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', ...env },
        timeout: 4 * CLI_COMMAND_BUDGET_MS,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The one JSON object a successful command prints. */
export function parseOutput(result: CliResult): Record<string, unknown> {
  if (result.code !== 0) {
    throw new Error(`CLI exited ${result.code}: ${result.stderr}`);
  }
  const lines = result.stdout.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one line on stdout, got: ${result.stdout}`);
  return JSON.parse(lines[0]);
}
