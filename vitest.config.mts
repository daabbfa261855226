import { defineConfig } from 'vitest/config';

const e2e = ['test/**/*.e2e.test.ts'];
// Module tests: a part of the container (Test.createTestingModule) on a real database.
const moduleTests = ['test/module/**/*.test.ts'];
const withMariadb = Boolean(process.env.TEST_DATABASE_URL);
// The multi-process scale-out test (real processes under load): its own project, which
// scripts/test.js runs alone after the others (AAS_SCALEOUT=skip leaves it out of a run).
const withScaleout = process.env.AAS_SCALEOUT !== 'skip';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        // Module tests: a part of the application built with Test.createTestingModule.
        extends: true,
        test: { name: 'module', include: moduleTests, env: { TEST_DB: 'sqlite' } },
      },
      {
        extends: true,
        test: { name: 'sqlite', include: e2e, env: { TEST_DB: 'sqlite' } },
      },
      ...(withMariadb
        ? [
            {
              extends: true as const,
              test: { name: 'module-mariadb', include: moduleTests, env: { TEST_DB: 'mariadb' } },
            },
            {
              extends: true as const,
              test: { name: 'mariadb', include: e2e, env: { TEST_DB: 'mariadb' } },
            },
          ]
        : []),
      ...(withScaleout
        ? [
            {
              extends: true as const,
              test: {
                name: 'scaleout',
                include: ['test/scaleout/**/*.test.ts'],
                testTimeout: 240_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
