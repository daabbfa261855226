import { OWNER_PASSWORD, state } from './support/env';
import { expect, signInWithForm, test } from './support/fixtures';
import { startService } from './global-setup';
import { freePort } from './support/ports';

test('sign in with email and password, then see the navigation', async ({ page }) => {
  await page.goto('/dashboard/');
  // Signed out: any dashboard page leads to the sign-in form.
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.getByLabel('Email').fill(state().ownerEmail);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');

  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const name of ['Overview', 'Agents', 'Executions', 'Settings']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // The chart's day labels end with today (UTC, as the daily counters are kept).
  const today = new Date().toISOString().slice(5, 10);
  await expect(page.locator('figure.chart svg text.axis').last()).toHaveText(today);
});

test('sign out ends the session', async ({ page }) => {
  await signInWithForm(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  // The cookie no longer opens anything: the API says 401 and the pages go to sign-in.
  expect((await page.request.get('/v2/session')).status()).toBe(401);
  await page.goto('/dashboard/agents');
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('an expired session goes back to sign-in', async ({ page }) => {
  // A second API process on the same database whose sessions expire after 1.5 s idle.
  const s = state();
  const port = await freePort();
  const service = await startService({
    ...s.env,
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}/v2`,
    ROLE: 'api',
    SESSION_IDLE_MS: '1500',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(s.ownerEmail);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('link', { name: 'Agents' })).toBeVisible();
    // Idle past the limit (no request meanwhile: each one would renew the session), then use
    // the page: the next API call is 401 and the app goes back to the sign-in form.
    await page.waitForTimeout(2500);
    await page.getByRole('link', { name: 'Agents' }).click();
    await expect(page).toHaveURL(/\/dashboard\/sign-in/);
    await expect(page.getByLabel('Email')).toBeVisible();
  } finally {
    service.child.kill('SIGTERM');
  }
});
