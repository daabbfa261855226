import { createServer, type Server } from 'node:http';
import { createAgent, expect, sendWebhook, signIn, test, unique } from './support/fixtures';

test('create an agent: kind from the registered kinds, config errors shown at the field', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Agents' }).click();
  await page.getByRole('link', { name: 'New agent' }).click();
  const name = unique('Lead router');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Kind').selectOption('http-request');
  await page.getByLabel('Config (JSON)').fill('{"url": "not a url"}');
  await page.getByRole('button', { name: 'Create agent' }).click();
  // The API's validation error, at the config field.
  const config = page.getByLabel('Config (JSON)');
  await expect(config).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#agent-config-error')).toContainText('url');

  await config.fill('{"url": "https://example.com/hook", "method": "POST"}');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhook security' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send test webhook' })).toBeVisible();
  await expect(page.getByTestId('webhook-url')).toContainText('/webhook/');

  // Listed, and found by the status filter.
  await page.getByRole('link', { name: '← Agents' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByLabel('Status').selectOption('paused');
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('active');
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('a new workflow agent starts from a definition the API accepts', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Agents' }).click();
  await page.getByRole('link', { name: 'New agent' }).click();
  const name = unique('Starter workflow');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Kind').selectOption('workflow');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test('enable signing, send a signed webhook from outside: the execution appears and completes live', async ({
  page,
}) => {
  const agent = await createAgent(unique('Signed leads'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const security = page.getByRole('region', { name: 'Webhook security' });
  await security.getByRole('button', { name: 'Use a signing secret' }).click();
  await expect(security.getByTestId('webhook-auth')).toHaveText('Signing secret');
  const secret = (await security.getByTestId('secret-value').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  // The sample curl computes the sha256= header with openssl.
  await expect(security.getByLabel('curl sample (Signing secret)', { exact: true })).toContainText(
    'openssl dgst -sha256 -hmac',
  );

  // Unsigned: refused. Signed with the secret: accepted.
  const unsigned = await sendWebhook(agent.webhook_url, { email: 'x@acme.io' });
  expect(unsigned.status).toBe(401);
  const signed = await sendWebhook(
    agent.webhook_url,
    { email: 'ceo@bigcorp.com', name: 'Ada', company: 'BigCorp', message: 'Need pricing' },
    secret,
  );
  expect(signed.status).toBe(202);
  const executionId = signed.body.executionId as string;

  // No reload: the list on the agent page picks it up and shows it completed.
  const row = page.locator(`tr[data-execution-id="${executionId}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('completed')).toBeVisible({ timeout: 15_000 });
  await row.getByRole('link', { name: executionId }).click();
  await expect(page.getByTestId('execution-status')).toHaveText('completed');
  await expect(page.getByRole('region', { name: 'Input' })).toContainText('ceo@bigcorp.com');
});

test.describe('cancel and retry', () => {
  let slow: Server;
  let slowUrl: string;
  test.beforeAll(async () => {
    // An endpoint that answers only after a minute: the http-request run stays running.
    slow = createServer((_req, res) => {
      const timer = setTimeout(() => res.end('{}'), 60_000);
      res.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as { port: number }).port}/slow`;
  });
  test.afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  });

  test('cancel a running execution, then retry it', async ({ page }) => {
    const agent = await createAgent(unique('Slow endpoint'), {
      kind: 'http-request',
      config: { url: slowUrl },
    });
    await signIn(page);
    await page.goto(`/dashboard/agents/${agent.id}`);
    await page.getByRole('button', { name: 'Send test webhook' }).click();
    await expect(page).toHaveURL(/\/dashboard\/executions\/exe_/);
    const firstUrl = page.url();
    await expect(page.getByTestId('execution-status')).toHaveText(/queued|running/);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('execution-status')).toHaveText('cancelled');
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).not.toHaveURL(firstUrl);
    await expect(page.getByText('retry of')).toBeVisible();
    await expect(page.getByTestId('execution-status')).toHaveText(/queued|running/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('execution-status')).toHaveText('cancelled');
  });
});
