#!/usr/bin/env node
// `npm test`: builds (some suites start the built service as real processes), then runs the
// vitest projects. SQLite suites always run; MariaDB suites need TEST_DATABASE_URL, Redis
// suites need REDIS_URL, and the multi-process scale-out test (project "scaleout", run alone
// after the others) needs both; the ones skipped are named plainly.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
require('./ensure-build');

const skipped = [];
if (!process.env.TEST_DATABASE_URL) {
  skipped.push('MariaDB suites (project "mariadb"): TEST_DATABASE_URL is not set');
}
if (!process.env.REDIS_URL) {
  skipped.push('Redis suites (test/rate-limit-redis.e2e.test.ts and other suites gated on REDIS_URL): REDIS_URL is not set');
}
const scaleout = Boolean(process.env.REDIS_URL && process.env.TEST_DATABASE_URL);
if (!scaleout) {
  skipped.push('multi-process scale-out test (project "scaleout", test/scaleout/): it needs both REDIS_URL and TEST_DATABASE_URL');
}
for (const line of skipped) process.stdout.write(`SKIPPED ${line}\n`);

const vitest = (args, env = {}) =>
  spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;

const extra = process.argv.slice(2);
let status;
if (extra.length > 0) {
  // Arguments select what to run (files, --project ...): one run, as asked.
  status = vitest(extra);
} else {
  // Everything else first; then the scale-out test alone (it starts real processes under
  // load, and would starve suites running beside it on a small machine).
  status = vitest([], { AAS_SCALEOUT: 'skip' });
  if (scaleout) status = Math.max(status, vitest(['--project', 'scaleout']));
}
for (const line of skipped) process.stdout.write(`SKIPPED ${line}\n`);
process.exit(status);
