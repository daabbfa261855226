import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiCall, createAgent, expect, sendWebhook, signIn, test } from './support/fixtures';
import { FakeModel } from '../test/support/fake-model';
import { dashboardPages } from './support/pages';
import { monthDay, seedModelUsage } from './support/usage';

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
    const put = await apiCall('PUT', `/secrets/${name}`, {
      body: { value: `example-value-${name}` },
    });
    expect(put.status).toBe(200);
  }
  // Model tokens of llm steps this month, shown in Settings against the plan's allowance.
  seedModelUsage([
    { day: monthDay(0), model: 'gpt-4o-mini', prompt: 182_400, completion: 41_250, calls: 311 },
    {
      day: monthDay(0),
      model: 'llama3.1:8b',
      prompt: 24_800,
      completion: 9_100,
      calls: 58,
      errors: 2,
    },
    { day: monthDay(0), model: 'gpt-4o', prompt: 12_000, completion: 3_400, calls: 9 },
  ]);
  // Runs waiting for a person: the Waiting page's rows, and a waiting execution.
  const approval = await createAgent('Discount approval', {
    kind: 'workflow',
    config: {
      steps: [
        {
          id: 'ask',
          type: 'create_token',
          title: '{% "Discount of " & $input.percent & "% for " & $input.company %}',
          description: '{% "Asked by " & $input.rep %}',
          choices: ['approve', 'reject'],
          timeout_ms: 172_800_000,
        },
        { id: 'decision', type: 'wait', token: '{% $steps.ask.id %}' },
        { id: 'reply', type: 'transform', value: '{% $steps.decision.choice %}' },
      ],
    },
  });
  const waitingRuns: string[] = [];
  for (const [company, percent, rep] of [
    ['Acme GmbH', 20, 'jane@example.com'],
    ['Globex', 12, 'omar@example.com'],
  ] as const) {
    const run = await apiCall('POST', `/agents/${approval.id}/trigger`, {
      body: { input: { company, percent, rep }, options: { async: true } },
    });
    expect(run.status).toBe(202);
    waitingRuns.push(run.body.execution_id as string);
  }
  const callBack = await createAgent('Call back in two days', {
    kind: 'workflow',
    config: { steps: [{ id: 'later', type: 'wait', duration_ms: 172_800_000 }] },
  });
  expect(
    (await apiCall('POST', `/agents/${callBack.id}/trigger`, { body: { input: {} } })).status,
  ).toBe(202);
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
  const routerConfig = {
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
  };
  const workflow = await createAgent('Lead router', { kind: 'workflow', config: routerConfig });
  const run = await apiCall('POST', `/agents/${workflow.id}/trigger`, {
    body: { input: { email: 'CEO@BigCorp.com', company: 'BigCorp' } },
  });
  expect(run.status).toBe(200);
  await page.goto(`/dashboard/agents/${workflow.id}`);
  await expect(page.getByLabel('Workflow definition')).toBeVisible();
  await page.getByLabel('Test input').fill('{"email": "someone@gmail.com"}');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByText('completed').first()).toBeVisible();
  // The editor draws the lines near the window: bring it there before the full-page shot.
  const editor = page.getByLabel('Workflow definition');
  await editor.scrollIntoViewIfNeeded();
  await expect(editor.locator('.cm-line').nth(1)).toContainText('"steps"');
  await page.screenshot({ path: join(out, 'workflow-agent.png'), fullPage: true });
  // A definition the API refuses: the message, its JSON path and line, marked in the editor.
  const saved = JSON.stringify(routerConfig, null, 2);
  await editor.fill(saved.replace('$steps.qualify.qualified', '$steps.qualify.qualified and ('));
  await page.getByRole('button', { name: 'Save config' }).click();
  await expect(page.getByTestId('config-error-path')).toBeVisible();
  await page.getByTestId('config-error-path').getByRole('button').click();
  await page.waitForTimeout(500); // the lint gutter's mark is drawn after a short delay
  await page
    .getByRole('region', { name: 'Configuration' })
    .screenshot({ path: join(out, 'workflow-editor-error.png') });
  await page.goto(`/dashboard/executions/${run.body.execution_id}`);
  await expect(page.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await page.screenshot({ path: join(out, 'workflow-execution.png'), fullPage: true });
  // An llm step with a tool call, against a scripted fake model: its model calls.
  const model = await FakeModel.start();
  const crm = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"customer":true,"account":"Acme","seats":12}'),
    );
  });
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  try {
    model.script(
      {
        tool_calls: [{ name: 'lookup_customer', arguments: { email: 'jane@acme.io' }, id: 'c1' }],
        usage: [412, 18],
      },
      { content: { intent: 'purchase', urgency: 'high', product: 'Team plan' }, usage: [468, 21] },
    );
    const reader = await createAgent('Lead reader', {
      kind: 'workflow',
      config: {
        steps: [
          {
            id: 'read',
            type: 'llm',
            base_url: model.url,
            model: 'gpt-4o-mini',
            prompt: '{% "Read this lead: " & $input.message %}',
            output_schema: {
              type: 'object',
              properties: {
                intent: { type: 'string' },
                urgency: { type: 'string' },
                product: { type: 'string' },
              },
              required: ['intent', 'urgency', 'product'],
            },
            tools: [
              {
                name: 'lookup_customer',
                parameters: {
                  type: 'object',
                  properties: { email: { type: 'string' } },
                  required: ['email'],
                },
                http: { url: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/customers` },
              },
            ],
          },
        ],
      },
    });
    const read = await apiCall('POST', `/agents/${reader.id}/trigger`, {
      body: { input: { message: 'We need 50 seats of the Team plan this week' } },
    });
    await page.goto(`/dashboard/executions/${read.body.execution_id}`);
    const step = page.locator('tr[data-step="read"]');
    await step.getByText('2 model calls').click();
    await step.getByText('Arguments and result').click();
    await page.screenshot({ path: join(out, 'llm-execution.png'), fullPage: true });
  } finally {
    await model.close();
    crm.close();
  }
  await page.goto('/dashboard/settings');
  const usage = page.getByRole('region', { name: 'Model usage' });
  await expect(usage.getByRole('cell', { name: 'gpt-4o-mini' })).toBeVisible();
  await usage.screenshot({ path: join(out, 'settings-usage.png') });
  // A webhook endpoint with a delivery (a ping; the example host does not answer).
  const endpoint = await apiCall('POST', '/webhook-endpoints', {
    body: {
      url: 'https://hooks.example.com/crm',
      description: 'CRM sync',
      events: ['execution.completed', 'agent.paused'],
    },
  });
  expect(endpoint.status).toBe(201);
  expect((await apiCall('POST', `/webhook-endpoints/${endpoint.body.id}/test`)).status).toBe(202);
  await page.goto('/dashboard/settings');
  const endpoints = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
  await endpoints.getByRole('button', { name: 'Deliveries' }).click();
  await expect(endpoints.getByText('ping', { exact: true })).toBeVisible();
  await endpoints.screenshot({ path: join(out, 'webhook-endpoints.png') });
  await page.goto(`/dashboard/executions/${waitingRuns[0]}`);
  await expect(page.getByRole('region', { name: 'Waiting' })).toBeVisible();
  await page.screenshot({ path: join(out, 'waiting-execution.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/dashboard/');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'overview-dark.png'), fullPage: true });
  await page.goto('/dashboard/waiting');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'waiting-dark.png'), fullPage: true });
  await page.goto(`/dashboard/executions/${waitingRuns[0]}`);
  await expect(page.getByRole('region', { name: 'Waiting' })).toBeVisible();
  await page.screenshot({ path: join(out, 'waiting-execution-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/executions');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'executions-narrow.png'), fullPage: true });
  await page.goto('/dashboard/settings');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'settings-narrow.png'), fullPage: true });
  await page.goto('/dashboard/waiting');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.screenshot({ path: join(out, 'waiting-narrow.png'), fullPage: true });
  await page.goto(`/dashboard/executions/${waitingRuns[0]}`);
  await expect(page.getByRole('region', { name: 'Waiting' })).toBeVisible();
  await page.screenshot({ path: join(out, 'waiting-execution-narrow.png'), fullPage: true });
  // A phone (390 px): the agents and an execution's steps as stacked rows, the chart.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, path] of [
    ['overview-narrow', '/dashboard/'],
    ['agents-narrow', '/dashboard/agents'],
    ['workflow-execution-narrow', `/dashboard/executions/${run.body.execution_id}`],
  ]) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  }
});
