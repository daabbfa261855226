import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  apiCall,
  createAgent,
  expect,
  sendWebhook,
  signIn,
  test,
  unique,
} from './support/fixtures';

const run = promisify(execFile);

test('pause and resume an agent: its webhook is refused while paused', async ({ page }) => {
  const agent = await createAgent(unique('Pausable'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const header = page.locator('.page-header');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Agent paused: its webhook and triggers are refused.')).toBeVisible();
  await expect(header.locator('.badge')).toHaveText('paused');
  await expect(page.getByRole('button', { name: 'Send test webhook' })).toBeDisabled();
  expect((await sendWebhook(agent.webhook_url, { email: 'a@b.io' })).status).toBe(409);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Agent resumed.')).toBeVisible();
  await expect(header.locator('.badge')).toHaveText('active');
  await expect(page.getByRole('button', { name: 'Send test webhook' })).toBeEnabled();
  expect((await sendWebhook(agent.webhook_url, { email: 'a@b.io' })).status).toBe(202);
});

test("edit an agent's config: the API's error at the field, then a save", async ({ page }) => {
  const agent = await createAgent(unique('Configurable'), {
    kind: 'http-request',
    config: { url: 'https://example.com/a' },
  });
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const config = page.getByLabel('Config of http-request (JSON)');
  await expect(page.getByTestId('agent-version')).toHaveText('Version 1');
  await config.fill('{"url": "not a url"}');
  await page.getByRole('button', { name: 'Save config' }).click();
  await expect(config).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#config-edit-error')).toContainText('url');
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.config.url).toBe(
    'https://example.com/a',
  );

  await config.fill('{"url": "https://example.com/b", "method": "PUT"}');
  await page.getByRole('button', { name: 'Save config' }).click();
  await expect(page.getByText('Configuration saved. New runs use version 2.')).toBeVisible();
  await expect(page.getByTestId('agent-version')).toHaveText('Version 2');
  await expect(config).not.toHaveAttribute('aria-invalid', 'true');
  const saved = (await apiCall('GET', `/agents/${agent.id}`)).body.config;
  expect(saved).toMatchObject({ url: 'https://example.com/b', method: 'PUT' });
  // The version shown is the API's: its config is the one just saved.
  const version = await apiCall('GET', `/agents/${agent.id}/versions/2`);
  expect(version.status).toBe(200);
  expect(version.body.config).toMatchObject({ url: 'https://example.com/b', method: 'PUT' });
});

test('rotate the webhook URL: the old one answers 404 from outside, the new one works', async ({
  page,
}) => {
  const agent = await createAgent(unique('Rotated'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const url = page.getByTestId('webhook-url');
  await expect(url).toHaveText(agent.webhook_url);
  await page.getByRole('button', { name: 'Rotate webhook URL' }).click();
  await page
    .getByRole('group', { name: 'Confirm rotation' })
    .getByRole('button', { name: 'Rotate URL' })
    .click();
  await expect(page.getByText('New URL issued.')).toBeVisible();
  await expect(url).not.toHaveText(agent.webhook_url);
  const rotated = (await url.textContent())!.trim();
  expect(rotated).toMatch(/\/webhook\//);

  expect((await sendWebhook(agent.webhook_url, { email: 'a@b.io' })).status).toBe(404);
  expect((await sendWebhook(rotated, { email: 'a@b.io' })).status).toBe(202);
});

test("the signing secret's sample curl, run as shown, creates an execution", async ({ page }) => {
  const agent = await createAgent(unique('Curl signed'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const security = page.getByRole('region', { name: 'Webhook security' });
  await security.getByRole('button', { name: 'Use a signing secret' }).click();
  await expect(security.getByTestId('webhook-auth')).toHaveText('Signing secret');
  const sample = (await security
    .getByLabel('curl sample (Signing secret)', { exact: true })
    .textContent())!;
  expect(sample).toContain('whsec_'); // the secret just shown, inline

  // The command exactly as shown; curl also prints the status code (-w) on a line of its own.
  const { stdout } = await run('bash', [
    '-c',
    `set -euo pipefail\ncurl() { command curl -sS -w '\\n%{http_code}' "$@"; }\n${sample}`,
  ]);
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('202');
  const answer = JSON.parse(lines.slice(0, -1).join('\n'));
  const execution = await apiCall('GET', `/executions/${answer.executionId}`);
  expect(execution.status).toBe(200);
  expect(execution.body).toMatchObject({ agent_id: agent.id, source: 'webhook' });
  expect(execution.body.input).toMatchObject({ email: 'jane@acme.io' });
});
