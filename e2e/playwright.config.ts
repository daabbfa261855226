import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests of the dashboard (`npm run test:e2e`) and the screenshots of docs/dashboard
 * (`npm run screenshots`). Debian's Chromium (apt-get install chromium), never a downloaded
 * browser build. global-setup.ts starts the BUILT service on a temp SQLite database and free
 * ports and seeds it with the CLI.
 */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'browser',
      testMatch: /.*\.spec\.ts$/,
      testIgnore: /screenshots\.spec\.ts$/,
      use: chromium,
    },
    { name: 'screenshots', testMatch: /screenshots\.spec\.ts$/, use: chromium },
  ],
});
