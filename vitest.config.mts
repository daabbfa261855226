import { defineConfig } from 'vitest/config';

const e2e = ['test/**/*.e2e.test.ts'];
const withMariadb = Boolean(process.env.TEST_DATABASE_URL);

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
        extends: true,
        test: { name: 'sqlite', include: e2e, env: { TEST_DB: 'sqlite' } },
      },
      ...(withMariadb
        ? [{ extends: true as const, test: { name: 'mariadb', include: e2e, env: { TEST_DB: 'mariadb' } } }]
        : []),
    ],
  },
});
