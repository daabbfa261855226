import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** A TCP port that was free a moment ago (bound to port 0, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  webhookPort: number;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGKILL to the process (with `npm`: to every process of its group). */
  killAll(): void;
}

export interface ServiceProcessOptions {
  /**
   * Start it as operators do, with `npm start` (npm, then `scripts/start.js`), in a process
   * group of its own; `child` is then the npm process.
   */
  npm?: boolean;
  /** Leave BASE_URL and WEBHOOK_BASE_URL unset, so that the service derives them. */
  derivedUrls?: boolean;
  /** How long to wait for the listeners (default 30 s). */
  startTimeoutMs?: number;
}

/** Starts on other ports this often when a port taken meanwhile made the start fail. */
const PORT_TRIES = 3;

/**
 * Starts the BUILT service (`node dist/src/main.js`, build it first with `ensureBuilt`) as a
 * real process on free ports with only the given environment, and waits until it says it
 * started (or fails to). A port found free can be taken before the service binds it (by any
 * outgoing connection of the machine: both come from the ephemeral range): then it starts
 * again on other ports.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      if (attempt >= PORT_TRIES || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(
  env: Record<string, string>,
  options: ServiceProcessOptions,
): Promise<ServiceProcess> {
  const port = await freePort();
  const webhookPort = await freePort();
  const [command, args] = options.npm
    ? ['npm', ['start']]
    : [process.execPath, [join(root, 'dist', 'src', 'main.js')]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ...(options.npm ? { HOME: process.env.HOME ?? '' } : {}),
      PORT: String(port),
      WEBHOOK_PORT: String(webhookPort),
      ...(options.derivedUrls
        ? {}
        : {
            BASE_URL: `http://127.0.0.1:${port}/v2`,
            WEBHOOK_BASE_URL: `http://127.0.0.1:${webhookPort}`,
          }),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.npm,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const started = await Promise.race([
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (output.includes('agent automation service started')) resolve(true);
        else setTimeout(check, 50);
      };
      check();
    }),
    exited.then(() => false),
    new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), options.startTimeoutMs ?? 30_000).unref(),
    ),
  ]);
  const killAll = () => {
    try {
      if (options.npm) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  };
  if (!started) {
    killAll();
    throw new Error(`the service did not start:\n${output}`);
  }
  return { child, port, webhookPort, output: () => output, exited, killAll };
}
