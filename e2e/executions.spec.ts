import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';
import { HeldEndpoint } from './support/held-endpoint';
import type { Page } from '@playwright/test';

const LEAD = { email: 'ceo@bigcorp.com', name: 'Ada', company: 'BigCorp' };

/** Runs an agent through the API and waits for the result; the execution's id. */
async function run(agentId: string, input: Record<string, unknown>): Promise<string> {
  const { status, body } = await apiCall('POST', `/agents/${agentId}/trigger`, { body: { input } });
  expect([200, 202]).toContain(status);
  return body.execution_id as string;
}

/** The date (`YYYY-MM-DD`) in the page's time zone, `days` from today. */
async function localDay(page: Page, days = 0): Promise<string> {
  return page.evaluate((offset) => {
    const day = new Date(Date.now() + offset * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, days);
}

// Zones 26 hours apart: at any hour, in one of them today is not today in UTC.
for (const timezoneId of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
  test.describe(`the date filter in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test("finds today's runs by the browser's date, as the list shows them", async ({ page }) => {
      const agent = await createAgent(unique('Zoned'));
      const id = await run(agent.id, LEAD);
      await signIn(page);
      const today = await localDay(page);
      await page.goto(`/dashboard/executions?agent=${agent.id}&from=${today}&to=${today}`);
      await expect(page.locator(`tr[data-execution-id="${id}"]`)).toBeVisible();
      const yesterday = await localDay(page, -1);
      await page.goto(`/dashboard/executions?agent=${agent.id}&from=${yesterday}&to=${yesterday}`);
      await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
    });
  });
}

test.describe('executions', () => {
  const endpoint = new HeldEndpoint();
  test.beforeAll(() => endpoint.start());
  test.afterAll(() => endpoint.stop());

  test('the list: several statuses at once, a date range, "Load more"', async ({ page }) => {
    const leads = await createAgent(unique('Filter leads'));
    const completed = await run(leads.id, LEAD);
    const failed = await run(leads.id, { name: 'no email' });
    const slow = await createAgent(unique('Filter slow'), {
      kind: 'http-request',
      config: { url: endpoint.url },
    });
    const trigger = await apiCall('POST', `/agents/${slow.id}/trigger`, {
      body: { input: {}, options: { async: true } },
    });
    const cancelled = trigger.body.execution_id as string;
    expect((await apiCall('POST', `/executions/${cancelled}/cancel`)).status).toBe(200);

    await signIn(page);
    await page.goto('/dashboard/executions');
    const rows = page.locator('tr[data-execution-id]');
    const row = (id: string) => page.locator(`tr[data-execution-id="${id}"]`);
    await expect(row(completed)).toBeVisible();

    // Two statuses: rows of either, none of the others (whatever other specs left behind).
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('failed').check();
    await filters.getByLabel('cancelled').check();
    await expect(page).toHaveURL(/status=failed%2Ccancelled/);
    await expect(row(failed)).toBeVisible();
    await expect(row(cancelled)).toBeVisible();
    await expect(row(completed)).toHaveCount(0);
    for (const status of await rows.locator('.badge').allTextContents()) {
      expect(['failed', 'cancelled']).toContain(status);
    }

    // A date range (whole days of the browser, as the times shown): up to yesterday finds
    // nothing, today finds the runs.
    const today = await localDay(page);
    const yesterday = await localDay(page, -1);
    await filters.getByLabel('To').fill(yesterday);
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
    await filters.getByLabel('From').fill(today);
    await filters.getByLabel('To').fill(today);
    await expect(page).toHaveURL(
      new RegExp(`from=${today}&to=${today}|to=${today}.*from=${today}`),
    );
    await expect(row(failed)).toBeVisible();
    await expect(row(cancelled)).toBeVisible();

    // "Load more" pages on with the cursor: 27 runs of one agent, 25 a page.
    const many = await createAgent(unique('Many runs'));
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) ids.push(await run(many.id, LEAD));
    await page.goto(`/dashboard/executions?agent=${many.id}`);
    await expect(rows).toHaveCount(25);
    await expect(row(ids[0])).toHaveCount(0); // the oldest, on the second page
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(27);
    await expect(row(ids[0])).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('the list refreshes every second', async ({ page }) => {
    await run((await createAgent(unique('Polled'))).id, LEAD);
    await signIn(page);
    const polls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v2/executions') polls.push(Date.now());
    });
    await page.goto('/dashboard/executions');
    await expect(page.locator('tr[data-execution-id]').first()).toBeVisible();
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    // Each poll is timed from the end of the last: 1 s plus the answer's time, never 2 s.
    const gaps = polls.slice(1, 4).map((t, i) => t - polls[i]);
    for (const gap of gaps.slice(1)) expect(gap).toBeLessThan(1_800);
  });

  test("a running execution's status and logs update live on its page, without reload", async ({
    page,
  }) => {
    const agent = await createAgent(unique('Held endpoint'), {
      kind: 'http-request',
      config: { url: endpoint.url },
    });
    const trigger = await apiCall('POST', `/agents/${agent.id}/trigger`, {
      body: { input: { lead: 'x' }, options: { async: true } },
    });
    const id = trigger.body.execution_id as string;
    await endpoint.held();

    await signIn(page);
    await page.goto(`/dashboard/executions/${id}`);
    // Marks this document: a reload would lose it.
    await page.evaluate((mark) => document.documentElement.setAttribute('data-spec', mark), id);
    await expect(page.getByTestId('execution-status')).toHaveText('running');
    // While it runs: the log so far (the request sent, no answer yet).
    const logs = page.getByRole('region', { name: 'Logs' });
    await expect(logs.getByRole('listitem')).toContainText(['Run started', 'Sending']);
    await expect(logs).not.toContainText('Answered');
    await expect(page.getByTestId('execution-status')).toHaveText('running');

    endpoint.release();
    await expect(page.getByTestId('execution-status')).toHaveText('completed');
    await expect(logs.getByRole('listitem')).toContainText([
      'Sending',
      'Answered HTTP 200',
      'Completed in',
    ]);
    await expect(page.getByRole('region', { name: 'Output' })).toContainText('ok');
    await expect(page.locator('html')).toHaveAttribute('data-spec', id);
  });

  test("a running workflow's steps show on its page as they go", async ({ page }) => {
    const agent = await createAgent(unique('Held workflow'), {
      kind: 'workflow',
      config: {
        steps: [
          { id: 'first', type: 'transform', value: { ok: true } },
          { id: 'wait', type: 'http', method: 'GET', url: endpoint.url },
        ],
      },
    });
    const trigger = await apiCall('POST', `/agents/${agent.id}/trigger`, {
      body: { input: {}, options: { async: true } },
    });
    const id = trigger.body.execution_id as string;
    await endpoint.held();

    await signIn(page);
    await page.goto(`/dashboard/executions/${id}`);
    const steps = page.getByRole('table', { name: 'Steps of this execution' });
    await expect(steps.locator('tr[data-step="first"]')).toContainText('completed');
    await expect(steps.locator('tr[data-step="wait"]')).toContainText('running');
    await expect(page.getByTestId('execution-status')).toHaveText('running');

    endpoint.release();
    await expect(page.getByTestId('execution-status')).toHaveText('completed');
    await expect(steps.locator('tr[data-step="wait"]')).toContainText('completed');
  });
});
