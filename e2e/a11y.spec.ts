import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { OWNER_PASSWORD, state } from './support/env';
import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';
import { dashboardPages } from './support/pages';

async function scan(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`,
    );
  expect(bad).toEqual([]);
}

/** The page fits a 360 px wide screen: nothing sticks out sideways. */
async function fitsNarrow(page: Page, label: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${label} is ${width}px wide at 360px`).toBeLessThanOrEqual(360);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on any page (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/dashboard/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await scan(page, 'sign-in');
    await page.goto('/dashboard/setup-password?token=not-a-real-token');
    await expect(page.getByLabel('New password')).toBeVisible();
    await scan(page, 'setup-password');

    await signIn(page);
    for (const [name, path] of await dashboardPages()) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('.loading')).toHaveCount(0);
      await scan(page, name);
    }
  });
}

test('usable at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/sign-in');
  await fitsNarrow(page, 'sign-in');
  await signIn(page);
  for (const [name, path] of await dashboardPages()) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    await fitsNarrow(page, name);
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  }
});

/**
 * Settings' Secrets panel in its states: a secret listed, the add form with the API's field
 * error, the replace form, the inline delete confirmation.
 */
async function secretsStates(page: Page, check: (label: string) => Promise<void>) {
  await signIn(page);
  const name = `A11Y_${Date.now().toString(36).toUpperCase()}`;
  expect(
    (await apiCall('PUT', `/secrets/${name}`, { body: { value: 'a11y-secret-value' } })).status,
  ).toBe(200);
  try {
    await page.goto('/dashboard/settings');
    const panel = page.getByRole('region', { name: 'Secrets', exact: true });
    await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
    await check('secrets-listed');
    await panel.getByRole('button', { name: 'Add secret' }).click();
    await panel.getByLabel('Secret name').fill('lowercase');
    await panel.getByLabel('Secret value').fill('a11y-secret-value');
    await panel.getByRole('button', { name: 'Save secret' }).click();
    await expect(panel.locator('#secret-name-error')).toBeVisible();
    await check('secrets-add-error');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByRole('button', { name: `Replace the value of ${name}` }).click();
    await expect(panel.getByLabel('New value')).toBeVisible();
    await check('secrets-replace');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(panel.getByRole('button', { name: 'Confirm delete' })).toBeVisible();
    await check('secrets-delete-confirm');
  } finally {
    await apiCall('DELETE', `/secrets/${name}`);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the Secrets panel (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await secretsStates(page, (label) => scan(page, label));
  });
}

test('the Secrets panel is usable at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await secretsStates(page, async (label) => {
    await fitsNarrow(page, label);
    // Nothing in the panel is cut off sideways inside its own scroll box either.
    const panel = page.getByRole('region', { name: 'Secrets', exact: true });
    const overflow = await panel.evaluate((el) =>
      [...el.querySelectorAll('.table-wrap')].some((w) => w.scrollWidth > w.clientWidth + 1),
    );
    expect(overflow, `${label}: the secrets table scrolls sideways at 360px`).toBe(false);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation with a credential shown and a confirmation open (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const agent = await createAgent(unique('A11y credential'));
    await signIn(page);
    await page.goto(`/dashboard/agents/${agent.id}`);
    const security = page.getByRole('region', { name: 'Webhook security' });
    await security.getByRole('button', { name: 'Use an API key' }).click();
    await expect(security.getByTestId('secret-value')).toBeVisible();
    await security.getByRole('button', { name: 'Rotate API key' }).click();
    // The confirmation takes the focus from the button it replaced.
    await expect(security.getByRole('button', { name: 'Confirm rotate' })).toBeFocused();
    await page.getByRole('button', { name: 'Delete agent' }).click();
    await expect(page.getByRole('button', { name: 'Confirm delete' })).toBeFocused();
    await scan(page, 'agent-credential-and-confirmations');
  });
}

test('the sign-in form works from the keyboard alone', async ({ page }) => {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(state().ownerEmail);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(OWNER_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
  // The navigation is reachable with Tab (skip link first, then the links).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Overview' })).toBeFocused();
});
