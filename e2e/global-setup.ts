import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OWNER_PASSWORD } from './support/env';
import { freePort } from './support/ports';

const root = join(__dirname, '..');

/** The service's environment for a temp database and the given ports. */
export function serviceEnv(dir: string, port: number, webhookPort: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    WEBHOOK_PORT: String(webhookPort),
    BASE_URL: `http://127.0.0.1:${port}/v2`,
    WEBHOOK_BASE_URL: `http://127.0.0.1:${webhookPort}`,
    DOCS_URL: `http://127.0.0.1:${port}/docs`,
    DATABASE_PATH: join(dir, 'e2e.sqlite'),
    SECRET_KEY: 'e2e-secret-key-0123456789abcdefghijklmnop',
    // The cancel spec runs an http-request agent against a slow local server.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    // A monthly model-token allowance for the demo plan (pro), shown in Settings (usage.spec.ts).
    PLAN_MONTHLY_TOKENS: 'free_trial=100000,pro=1000000',
    LOG_LEVEL: 'warn',
  };
}

function cli(env: Record<string, string>, ...args: string[]): Record<string, string> {
  const out = execFileSync(
    process.execPath,
    [join(root, 'dist', 'src', 'cli', 'main.js'), ...args],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as Record<string, string>;
}

/** Starts `node dist/src/main.js` and resolves once it says it started. */
export async function startService(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const check = () => {
      if (output.includes('agent automation service started')) return resolve();
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        return reject(new Error(`the service did not start:\n${output}`));
      }
      setTimeout(check, 50);
    };
    check();
  });
  return { child, output: () => output };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'aas-e2e-'));
  const port = await freePort();
  const webhookPort = await freePort();
  const env = serviceEnv(dir, port, webhookPort);
  cli(env, 'migrate');
  const seed = cli(env, 'seed:demo');
  const service = await startService(env);
  const base = `http://127.0.0.1:${port}`;

  // The demo owner sets a password through the one-time link, as a user would.
  const token = new URL(seed.sign_in_url).searchParams.get('token');
  const response = await fetch(`${base}/v2/password-setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ token, password: OWNER_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`password setup failed: ${response.status} ${await response.text()}`);
  }
  // That session is the owner's for the specs that do not test signing in themselves (the
  // sign-in form is throttled per address: a spec suite signing in each time would hit it).
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('aas_session='));
  if (!cookie) throw new Error('password setup set no aas_session cookie');
  const ownerSession = cookie.split(';')[0].slice('aas_session='.length);

  const state = {
    dir,
    base,
    webhookBase: `http://127.0.0.1:${webhookPort}`,
    env,
    accountId: seed.account_id,
    apiKey: seed.api_key,
    agentId: seed.agent_id,
    ownerEmail: seed.owner_email,
    ownerSession,
  };
  process.env.E2E_STATE = JSON.stringify(state);

  return async () => {
    service.child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (service.child.exitCode !== null) return resolve(undefined);
      service.child.once('exit', resolve);
      setTimeout(() => service.child.kill('SIGKILL'), 10_000).unref();
    });
    rmSync(dir, { recursive: true, force: true });
  };
}
