import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './support/fixtures';
import { monthDay, seedModelUsage } from './support/usage';

const model = `gpt-4o-mini-e2e-${Date.now().toString(36)}`;

test.beforeAll(() => {
  const today = new Date().toISOString().slice(0, 10);
  seedModelUsage([
    { day: monthDay(0), model, prompt: 90_000, completion: 30_000, calls: 40 },
    { day: today, model, prompt: 30_000, completion: 10_000, calls: 12 },
    { day: today, model: 'llama3.1:8b', prompt: 5000, completion: 2000, calls: 4, errors: 1 },
    // Last month: not this month's usage.
    { day: monthDay(-1), model: 'last-month-model', prompt: 1, completion: 1, calls: 1 },
  ]);
});

test("Settings shows the month's model tokens against the plan's allowance, per model", async ({
  page,
  dialogs,
}) => {
  await signIn(page);
  const usage = await (await page.request.get('/v2/usage')).json();
  await page.getByRole('link', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Model usage' });
  const used: number = usage.allowance.used;
  expect(used).toBeGreaterThanOrEqual(167_000);

  // The month against the allowance (1,000,000 for the demo's plan, global-setup.ts).
  const meter = panel.getByRole('meter');
  await expect(meter).toHaveAttribute('max', '1000000');
  await expect(meter).toHaveAttribute('value', String(used));
  await expect(panel.getByText(`${used.toLocaleString('en-US')} / 1,000,000`)).toBeVisible();
  await expect(
    panel.getByText(/tokens left; the allowance renews on \d{4}-\d{2}-01/),
  ).toBeVisible();

  // Per model, this month only.
  const row = panel.getByRole('row').filter({ hasText: model });
  await expect(row.getByRole('cell')).toHaveText([model, '120,000', '40,000', '160,000', '52']);
  const llama = panel.getByRole('row').filter({ hasText: 'llama3.1:8b' });
  await expect(llama.getByRole('cell').last()).toHaveText('4 (1 failed)');
  await expect(panel.getByText('last-month-model')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the Model usage panel passes axe in light and dark mode and fits 360 px', async ({
  page,
}) => {
  await signIn(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/dashboard/settings');
    const panel = page.getByRole('region', { name: 'Model usage' });
    await expect(panel.getByRole('cell', { name: model })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('section[aria-labelledby="usage-title"]')
      .analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${scheme}: ${v.id} ${v.help}`);
    expect(bad).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/settings');
  await expect(
    page.getByRole('region', { name: 'Model usage' }).getByRole('cell', { name: model }),
  ).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('a plan without an allowance shows "unlimited" and no bar', async ({ page }) => {
  // The demo plan has an allowance: the answer is rewritten as an unlimited plan's would be.
  await page.route('**/v2/usage', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.allowance = { ...body.allowance, monthly_tokens: null, remaining: null };
    await route.fulfill({ response, json: body });
  });
  await signIn(page);
  await page.goto('/dashboard/settings');
  const panel = page.getByRole('region', { name: 'Model usage' });
  await expect(panel.getByText(/· unlimited$/)).toBeVisible();
  await expect(panel.getByText('Your plan has no monthly token allowance')).toBeVisible();
  await expect(panel.getByRole('meter')).toHaveCount(0);
  await expect(panel.getByRole('cell', { name: model })).toBeVisible();
});

test('Settings shows executions apart from the rate limits, which count requests', async ({
  page,
}) => {
  await signIn(page);
  const account = await (await page.request.get('/v2/account')).json();
  await page.getByRole('link', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Plan and usage' });
  await expect(panel.getByText('Executions in the last 60 minutes')).toBeVisible();
  // Executions are not measured against the request limit.
  await expect(panel.getByRole('meter')).toHaveCount(0);
  await expect(
    panel.getByText(
      `Rate limits: ${account.limits.per_hour.toLocaleString('en-US')} requests per hour`,
    ),
  ).toBeVisible();
});
