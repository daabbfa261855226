#!/usr/bin/env node
// Builds dist/ when it is missing or older than any source file, so that `npm start` and
// `npm run cli` work right after `npm ci`.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const marker = join(root, 'dist', 'src', 'main.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (/\.(ts|tsx|mts|css|html)$/.test(entry.name)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(join(root, 'src')), statSync(join(root, 'ormconfig.ts')).mtimeMs);
if (!existsSync(marker) || statSync(marker).mtimeMs < sources) {
  process.stderr.write('Building (tsc)...\n');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
    cwd: root,
  });
  const { utimesSync } = require('node:fs');
  const t = new Date();
  utimesSync(marker, t, t);
}

// The dashboard (web/, built by Vite into dist/web) when missing or older than its sources.
const webIndex = join(root, 'dist', 'web', 'index.html');
const webSources = Math.max(newest(join(root, 'web')), statSync(join(root, 'web', 'index.html')).mtimeMs);
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources) {
  process.stderr.write('Building the dashboard (vite)...\n');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(root, 'web', 'vite.config.mts')],
    { stdio: 'inherit', cwd: root },
  );
}
