import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { OWNER_PASSWORD, state } from './support/env';
import { expect, signIn, test } from './support/fixtures';
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
