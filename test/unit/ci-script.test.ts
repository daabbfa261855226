import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The npm scripts `.ci/run` runs, in order (`npm run X`, `npm test`, `npm ci`). */
function ciSteps(): string[] {
  const script = readFileSync(join(__dirname, '..', '..', '.ci', 'run'), 'utf8');
  return [...script.matchAll(/^\s*(?:CI=1 )?npm (ci|test|run [\w:]+)\b/gm)].map((m) => m[1]);
}

describe('CI (.ci/run)', () => {
  it('installs, lints, type-checks server, dashboard and browser tests, builds, then tests', () => {
    expect(ciSteps()).toEqual([
      'ci',
      'run lint',
      'run typecheck',
      'run build',
      'test',
      'run test:e2e',
    ]);
    // What `typecheck` covers: the three TypeScript projects.
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    for (const project of ['tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json']) {
      expect(pkg.scripts.typecheck).toContain(`-p ${project}`);
    }
  });
});
