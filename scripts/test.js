#!/usr/bin/env node
// `npm test`: builds (some suites start the built service as real processes), then runs the
// vitest projects. SQLite suites always run; MariaDB suites need TEST_DATABASE_URL and Redis
// suites need REDIS_URL; the ones skipped are named plainly.
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
for (const line of skipped) process.stdout.write(`SKIPPED ${line}\n`);

const args = ['run', ...process.argv.slice(2)];
const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const line of skipped) process.stdout.write(`SKIPPED ${line}\n`);
process.exit(result.status ?? 1);
