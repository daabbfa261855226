import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/configuration';
import { openDatabase } from '../src/database/database';
import { ENTITIES } from '../src/entities';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, testDriver, type TestDatabase } from './support/database';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { startTestService, TEST_SECRET_KEY, type TestService } from './support/service';

const root = join(__dirname, '..');

/** The environment of a service process on `db`, without MIGRATE_ON_START. */
function processEnv(db: TestDatabase): Record<string, string> {
  const env: Record<string, string> = { ...db.env, SECRET_KEY: TEST_SECRET_KEY };
  delete env.MIGRATE_ON_START;
  return env;
}

/** Runs the built service until it exits by itself (or 30 s): its exit code and output. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: '0', WEBHOOK_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

describe('a database that is not migrated', () => {
  beforeAll(async () => ensureBuilt(), 180_000);

  const dbs: TestDatabase[] = [];
  const processes: ServiceProcess[] = [];
  afterEach(async () => {
    for (const proc of processes.splice(0)) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
    for (const db of dbs.splice(0)) await db.drop();
  });

  it.skipIf(testDriver() !== 'mariadb')(
    'MySQL without MIGRATE_ON_START: the service refuses to start with one line naming `npm run migrate`',
    async () => {
      const db = await createTestDatabase();
      dbs.push(db);
      const { code, output } = await runUntilExit(processEnv(db));
      expect(code, output).not.toBe(0);
      const lines = output.trim().split('\n');
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toContain('npm run migrate');
      expect(lines[0]).toContain('MIGRATE_ON_START=true');
      expect(lines[0]).not.toMatch(/password|aas:aas|SELECT|at .*\.js/i);

      // The CLI refuses it the same way; `npm run migrate` migrates it; then the service starts.
      const refused = await runCli(['account:create', '--name', 'x', '--plan', 'pro'], {
        ...processEnv(db),
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('npm run migrate');
      const migrated = parseOutput(await runCli(['migrate'], processEnv(db)));
      expect((migrated.migrated as string[]).length).toBeGreaterThan(0);
      const proc = await startServiceProcess(processEnv(db));
      processes.push(proc);
      const health = await fetch(`http://127.0.0.1:${proc.port}/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', checks: { schema: 'up' } });
    },
    120_000,
  );

  it.skipIf(testDriver() !== 'mariadb')(
    'MySQL partly migrated (the last migration missing): refused the same way',
    async () => {
      const db = await createTestDatabase();
      dbs.push(db);
      const dataSource = await openDatabase(
        loadConfig({ ...db.env, SECRET_KEY: TEST_SECRET_KEY }),
        { entities: ENTITIES },
      );
      const last = dataSource.migrations.at(-1)!.name!;
      await dataSource.query('DELETE FROM migrations WHERE name = ?', [last]);
      await dataSource.destroy();
      const { code, output } = await runUntilExit(processEnv(db));
      expect(code, output).not.toBe(0);
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(output).toContain('1 migration(s) pending');
      expect(output).toContain('npm run migrate');
    },
    60_000,
  );

  it('several processes migrating one fresh database at once all start, each migration applied once', async () => {
    const db = await createTestDatabase();
    dbs.push(db);
    // MySQL migrates on start with MIGRATE_ON_START=true (createTestDatabase sets it); SQLite
    // always does.
    const env = { ...db.env, SECRET_KEY: TEST_SECRET_KEY };
    const started = await Promise.allSettled(
      // A loaded machine takes its time to start three Nest processes at once.
      Array.from({ length: 3 }, () => startServiceProcess(env, { startTimeoutMs: 100_000 })),
    );
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    for (const result of started) {
      expect(result.status, result.status === 'rejected' ? String(result.reason) : '').toBe(
        'fulfilled',
      );
    }
    for (const proc of processes) {
      const health = await fetch(`http://127.0.0.1:${proc.port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ checks: { database: 'up', schema: 'up' } });
    }
    const dataSource = await openDatabase(loadConfig(env), { entities: ENTITIES, migrate: false });
    try {
      const rows: { name: string }[] = await dataSource.query('SELECT name FROM migrations');
      expect(rows.map((row) => row.name).sort()).toEqual(
        dataSource.migrations.map((migration) => migration.name).sort(),
      );
    } finally {
      await dataSource.destroy();
    }
  }, 180_000);
});

describe('GET /health with a schema behind', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => t?.close());

  it('answers 503 with checks.schema "behind" while a migration is missing, 200 once applied', async () => {
    const healthy = await t.api().get('/health').expect(200);
    expect(healthy.body).toEqual({
      status: 'ok',
      checks: { database: 'up', queue: 'up', schema: 'up' },
    });
    const dataSource = t.service.dataSource;
    const last = dataSource.migrations.at(-1)!.name!;
    // The last migration reverted, as a rollback of the database would leave it.
    await dataSource.undoLastMigration({ transaction: 'each' });
    try {
      const behind = await t.api().get('/health').expect(503);
      expect(behind.body).toEqual({
        status: 'error',
        checks: { database: 'up', queue: 'up', schema: 'behind' },
      });
      const webhook = await t.webhook().get('/health').expect(503);
      expect(webhook.body.checks.schema).toBe('behind');
    } finally {
      const ran = await dataSource.runMigrations({ transaction: 'each' });
      expect(ran.map((migration) => migration.name)).toEqual([last]);
    }
    await t.api().get('/health').expect(200);
  });
});
