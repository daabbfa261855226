import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiCall, createAgent, expect, sendWebhook, signIn, test } from './support/fixtures';
import { dashboardPages } from './support/pages';

/** `npm run screenshots`: refreshes docs/dashboard/*.png (one per page, light; a few dark and narrow). */
const out = join(__dirname, '..', 'docs', 'dashboard');

test('screenshots of every page', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(out, { recursive: true });
  // Some history to show: a few agents and runs.
  const names = ['Inbound leads (EU)', 'Inbound leads (US)', 'Partner referrals'];
  for (const name of names) {
    const agent = await createAgent(name);
    for (let i = 0; i < 3; i++) {
      await sendWebhook(agent.webhook_url, {
        email: i % 2 ? 'ceo@bigcorp.com' : 'someone@gmail.com',
        name: 'Ada Lovelace',
        company: i % 2 ? 'BigCorp' : '',
        message: i ? 'We need pricing for 200 seats, urgent' : 'hi',
      });
    }
  }
  // Secrets to list in Settings (their values are never shown).
  for (const name of ['CRM_TOKEN', 'OPENAI_API_KEY']) {
    const put = await apiCall('PUT', `/secrets/${name}`, { body: { value: `example-${name}` } });
    expect(put.status).toBe(200);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/dashboard/sign-in');
  await page.screenshot({ path: join(out, 'sign-in.png') });
  await page.goto('/dashboard/setup-password?token=example-one-time-token');
  await expect(page.getByLabel('New password')).toBeVisible();
  await page.screenshot({ path: join(out, 'set-password.png') });
  await signIn(page);
  const pages = await dashboardPages();
  await page.waitForTimeout(1500); // the runs above finish
  for (const [name, path] of pages) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  }
  // A workflow agent: its definition editor and Run test, and an execution's steps.
  const workflow = await createAgent('Lead router', {
    kind: 'workflow',
    config: {
      steps: [
        {
          id: 'normalise',
          type: 'transform',
          value: { email: '{% $lowercase($input.email) %}', company: '{% $input.company %}' },
        },
        { id: 'qualify', type: 'lead-qualification', input: '{% $steps.normalise %}' },
        {
          id: 'route',
          type: 'branch',
          cases: [
            {
              when: '{% $steps.qualify.qualified %}',
              steps: [{ id: 'hot', type: 'transform', value: { queue: 'sales' } }],
            },
          ],
          default: [{ id: 'cold', type: 'transform', value: { queue: 'nurture' } }],
        },
      ],
    },
  });
  const run = await apiCall('POST', `/agents/${workflow.id}/trigger`, {
    body: { input: { email: 'CEO@BigCorp.com', company: 'BigCorp' } },
  });
  expect(run.status).toBe(200);
  await page.goto(`/dashboard/agents/${workflow.id}`);
  await expect(page.getByLabel('Workflow definition')).toBeVisible();
  await page.getByLabel('Test input').fill('{"email": "someone@gmail.com"}');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByText('completed').first()).toBeVisible();
  await page.screenshot({ path: join(out, 'workflow-agent.png'), fullPage: true });
  await page.goto(`/dashboard/executions/${run.body.execution_id}`);
  await expect(page.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await page.screenshot({ path: join(out, 'workflow-execution.png'), fullPage: true });
  // A webhook endpoint with a delivery (a ping; the example host does not answer).
  const endpoint = await apiCall('POST', '/webhook-endpoints', {
    body: { url: 'https://hooks.example.com/crm', events: ['execution.completed', 'agent.paused'] },
  });
  expect(endpoint.status).toBe(201);
  expect((await apiCall('POST', `/webhook-endpoints/${endpoint.body.id}/test`)).status).toBe(202);
  await page.goto('/dashboard/settings');
  const endpoints = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
  await endpoints.getByRole('button', { name: 'Deliveries' }).click();
  await expect(endpoints.getByText('ping', { exact: true })).toBeVisible();
  await endpoints.screenshot({ path: join(out, 'webhook-endpoints.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/dashboard/');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'overview-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/executions');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'executions-narrow.png'), fullPage: true });
  await page.goto('/dashboard/settings');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'settings-narrow.png'), fullPage: true });
});
