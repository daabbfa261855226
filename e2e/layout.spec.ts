import type { Page } from '@playwright/test';
import {
  apiCall,
  createAgent,
  expect,
  sendWebhook,
  signIn,
  test,
  unique,
} from './support/fixtures';
import { tablesOutOfTheirPanel, unreadable } from './support/layout';

/**
 * The dashboard as read on a phone (390 px) and on a laptop (1280 px): key cells of tables
 * are whole (no word cut across lines, nothing cut off or scrolled out of sight), chart labels
 * are of a readable size, values stand beside their labels.
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 860 };

/** A workflow whose step ids are long words: a transform, then a call to a closed port. */
const failing = {
  steps: [
    { id: 'normalise_incoming_lead', type: 'transform', value: { email: '{% $input.email %}' } },
    {
      id: 'post_lead_to_crm',
      type: 'http',
      method: 'POST',
      url: 'http://127.0.0.1:9/leads',
      retry: { max_attempts: 1 },
    },
  ],
};

async function finished(executionId: string) {
  await expect
    .poll(async () => (await apiCall('GET', `/executions/${executionId}`)).body.status, {
      timeout: 20_000,
    })
    .toMatch(/^(completed|failed)$/);
}

async function loaded(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
}

test('on a phone the agents tables keep names, ids and rates whole, in view', async ({ page }) => {
  const name = unique('Inbound leads from the Enterprise contact form');
  const agent = await createAgent(name);
  await sendWebhook(agent.webhook_url, { email: 'ada@example.com', name: 'Ada' });
  await page.setViewportSize(PHONE);
  await signIn(page);
  for (const path of ['/dashboard/agents', '/dashboard/']) {
    await loaded(page, path);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    // Every cell of every agent's row: the name and id, status, runs today, success rate.
    const cells = page.locator('table').first().locator('tbody td');
    expect(await cells.count()).toBeGreaterThan(3);
    expect(await unreadable(cells), path).toEqual([]);
  }
});

test("on a phone an execution's steps keep their ids whole and show the output beside them", async ({
  page,
}) => {
  const agent = await createAgent(unique('Steps on a phone'), {
    kind: 'workflow',
    config: failing,
  });
  const run = await apiCall('POST', `/agents/${agent.id}/trigger`, {
    body: { input: { email: 'ada@example.com' } },
  });
  await finished(run.body.execution_id);
  await page.setViewportSize(PHONE);
  await signIn(page);
  await loaded(page, `/dashboard/executions/${run.body.execution_id}`);
  // The title's execution id stays whole.
  expect(await unreadable(page.locator('main h1'))).toEqual([]);
  const steps = page.getByTestId('steps');
  await expect(steps.locator('tbody tr')).toHaveCount(2);
  // The id, type, status, attempts and duration, and the output or error's disclosure.
  expect(await unreadable(steps.locator('tbody td'))).toEqual([]);
  const error = steps.locator('tr[data-step="post_lead_to_crm"] summary');
  await error.scrollIntoViewIfNeeded();
  await expect(error).toBeInViewport({ ratio: 1 });
});

test('on a phone chart labels are at least 10 px high and the top bar is as tall on every page', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await loaded(page, '/dashboard/');
  const labels = page.locator('.chart text');
  expect(await labels.count()).toBeGreaterThan(3);
  const heights = await labels.evaluateAll((all) =>
    all.map((label) => label.getBoundingClientRect().height),
  );
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
  // Labels never overlap one another.
  const boxes = await labels.evaluateAll((all) =>
    all.map((label) => {
      const r = label.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, `chart labels overlap: ${JSON.stringify([a, b])}`).toBe(true);
    }
  }
  const bar = () =>
    page.locator('.sidebar').evaluate((element) => element.getBoundingClientRect().height);
  const overview = await bar();
  expect(overview).toBeLessThan(130);
  // A page shorter than the screen (the empty filter of Agents) has the same top bar.
  await loaded(page, '/dashboard/agents');
  await page.getByLabel('Status').selectOption('paused');
  expect(await bar()).toBeCloseTo(overview, 0);
  await loaded(page, '/dashboard/executions');
  expect(await bar()).toBeCloseTo(overview, 0);
});

test('on a laptop Settings shows values beside their labels and delivery events whole', async ({
  page,
}) => {
  const url = `https://hooks.example.com/layout-${Date.now().toString(36)}`;
  const endpoint = await apiCall('POST', '/webhook-endpoints', {
    body: { url, events: ['execution.completed'] },
  });
  expect(endpoint.status).toBe(201);
  const agent = await createAgent(unique('Delivery source'));
  const run = await sendWebhook(agent.webhook_url, { email: 'ada@example.com' });
  await finished(run.body.executionId);
  try {
    await page.setViewportSize(LAPTOP);
    await signIn(page);
    await loaded(page, '/dashboard/settings');
    // "Executions in the last 60 minutes" and its count, next to each other.
    const meter = page.getByRole('region', { name: 'Plan and usage' }).locator('.meter-text');
    const [label, value] = await meter
      .locator('span')
      .evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect()));
    expect(value.left - label.right).toBeLessThan(24);
    expect(Math.abs(value.top - label.top)).toBeLessThan(4);

    const row = page.getByRole('listitem').filter({ hasText: url });
    await row.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = row.getByRole('region', { name: 'Deliveries' });
    await expect(deliveries.getByText('execution.completed', { exact: true })).toBeVisible();
    expect(await unreadable(deliveries.locator('tbody td'))).toEqual([]);
    expect(await tablesOutOfTheirPanel(page.locator('main'))).toEqual([]);
  } finally {
    await apiCall('DELETE', `/webhook-endpoints/${endpoint.body.id}`);
  }
});
