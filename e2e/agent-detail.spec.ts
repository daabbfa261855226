import type { Page } from '@playwright/test';
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

/** An http-request agent (url https://example.com/a, version 1), its page open, its config editor. */
async function openConfigurable(page: Page, name: string) {
  const agent = await createAgent(unique(name), {
    kind: 'http-request',
    config: { url: 'https://example.com/a' },
  });
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  await expect(page.getByTestId('agent-version')).toHaveText('Version 1');
  return { agent, config: page.getByLabel('Config of http-request (JSON)') };
}

test('leaving the agent page with unsaved config edits asks first', async ({ page, dialogs }) => {
  const { agent, config } = await openConfigurable(page, 'Unsaved');
  await config.fill('{"url": "https://example.com/edited"}');

  // Stay: the page and the edits remain.
  await page.getByRole('link', { name: 'Executions', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Leave without saving' })).toBeFocused();
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
  await expect(config).toContainText('https://example.com/edited');

  // Leave: the navigation goes on, the config is as saved.
  await page.getByRole('link', { name: 'Executions', exact: true }).click();
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard\/executions$/);
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.config.url).toBe(
    'https://example.com/a',
  );

  // Without edits nothing asks.
  await page.goto(`/dashboard/agents/${agent.id}`);
  await expect(page.getByTestId('agent-version')).toHaveText('Version 1');
  await page.getByRole('link', { name: 'Executions', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/executions$/);
  expect(dialogs).toEqual([]);
});

test("edit an agent's config: the API's error at the field, then a save", async ({ page }) => {
  const { agent, config } = await openConfigurable(page, 'Configurable');
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

test("the signing secret's sample curl, with the secret shown above pasted in, creates an execution", async ({
  page,
}) => {
  const agent = await createAgent(unique('Curl signed'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const security = page.getByRole('region', { name: 'Webhook security' });
  await security.getByRole('button', { name: 'Use a signing secret' }).click();
  await expect(security.getByTestId('webhook-auth')).toHaveText('Signing secret');
  const secret = (await security.getByTestId('secret-value').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  const sample = (await security
    .getByLabel('curl sample (Signing secret)', { exact: true })
    .textContent())!;
  // Shown once: the sample refers to the box instead of repeating the secret.
  expect(sample).not.toContain(secret);
  expect(sample).toContain("SECRET='<the signing secret shown above>'");

  // The command as shown, the secret pasted in; curl also prints the status code (-w) last.
  const pasted = sample.replace('<the signing secret shown above>', secret);
  const { stdout } = await run('bash', [
    '-c',
    `set -euo pipefail\ncurl() { command curl -sS -w '\\n%{http_code}' "$@"; }\n${pasted}`,
  ]);
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('202');
  const answer = JSON.parse(lines.slice(0, -1).join('\n'));
  const execution = await apiCall('GET', `/executions/${answer.executionId}`);
  expect(execution.status).toBe(200);
  expect(execution.body).toMatchObject({ agent_id: agent.id, source: 'webhook' });
  expect(execution.body.input).toMatchObject({ email: 'jane@acme.io' });

  // "I have copied it" closes the box; the sample then names no box.
  await security.getByRole('button', { name: 'I have copied it' }).click();
  await expect(security.getByTestId('secret-value')).toHaveCount(0);
  await expect(security.getByLabel('curl sample (Signing secret)', { exact: true })).toContainText(
    "SECRET='<your whsec_ signing secret>'",
  );
});

/** POSTs to a webhook URL with an `X-API-Key`; the status. */
async function sendWithKey(url: string, key: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify({ email: 'a@acme.io' }),
  });
  return response.status;
}

test('webhook credentials: shown once, and what breaks current senders asks first', async ({
  page,
}) => {
  const agent = await createAgent(unique('Guarded'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const security = page.getByRole('region', { name: 'Webhook security' });
  const auth = security.getByTestId('webhook-auth');
  const secretBox = security.getByTestId('secret-value');
  const sample = security.getByLabel('curl sample (API key)', { exact: true });

  // From no method, nothing breaks: the key comes at once, shown once (not in the sample).
  await security.getByRole('button', { name: 'Use an API key' }).click();
  await expect(auth).toHaveText('API key');
  const first = (await secretBox.textContent())!.trim();
  await expect(sample).toContainText("WEBHOOK_KEY='<the webhook API key shown above>'");
  await expect(sample).not.toContainText(first);
  expect(await sendWithKey(agent.webhook_url, first)).toBe(202);

  // Rotate: asks; keeping changes nothing.
  await security.getByRole('button', { name: 'Rotate API key' }).click();
  const rotate = security.getByRole('group', { name: 'Confirm rotating the webhook API key' });
  await expect(security.getByText('The current API key stops working at once')).toBeVisible();
  await rotate.getByRole('button', { name: 'Keep the current API key' }).click();
  await expect(rotate).toHaveCount(0);
  await expect(secretBox).toHaveText(first);
  expect(await sendWithKey(agent.webhook_url, first)).toBe(202);
  // Confirmed: a new key, the old one refused.
  await security.getByRole('button', { name: 'Rotate API key' }).click();
  await rotate.getByRole('button', { name: 'Confirm rotate' }).click();
  await expect(secretBox).not.toHaveText(first);
  const second = (await secretBox.textContent())!.trim();
  expect(await sendWithKey(agent.webhook_url, first)).toBe(401);
  expect(await sendWithKey(agent.webhook_url, second)).toBe(202);

  // Switching to a signing secret breaks key senders too: asks.
  await security.getByRole('button', { name: 'Use a signing secret' }).click();
  const toSigning = security.getByRole('group', {
    name: 'Confirm switching to a webhook signing secret',
  });
  await toSigning.getByRole('button', { name: 'Keep the API key' }).click();
  await expect(auth).toHaveText('API key');

  // Accepting unauthenticated requests: asks; confirmed, anyone with the URL may post.
  await security.getByRole('button', { name: 'Accept unauthenticated requests' }).click();
  const off = security.getByRole('group', { name: 'Confirm accepting unauthenticated requests' });
  await off.getByRole('button', { name: 'Keep the API key' }).click();
  await expect(auth).toHaveText('API key');
  expect((await sendWebhook(agent.webhook_url, { email: 'a@acme.io' })).status).toBe(401);
  await security.getByRole('button', { name: 'Accept unauthenticated requests' }).click();
  await off.getByRole('button', { name: 'Confirm accept unauthenticated' }).click();
  await expect(auth).toHaveText('None');
  await expect(secretBox).toHaveCount(0);
  expect((await sendWebhook(agent.webhook_url, { email: 'a@acme.io' })).status).toBe(202);
});

test('rename an agent and change its timeout; then delete it, after confirming', async ({
  page,
}) => {
  const agent = await createAgent(unique('Renamable'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const settings = page.getByRole('region', { name: 'Agent settings' });
  const name = unique('Renamed');
  await settings.getByLabel('Name').fill(name);
  await settings.getByLabel('Timeout (seconds)').fill('700');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Enter from 1 to 600 seconds.')).toBeVisible();
  await settings.getByLabel('Timeout (seconds)').fill('45');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Agent settings saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('45 s', { exact: true })).toBeVisible();
  const saved = await apiCall('GET', `/agents/${agent.id}`);
  expect(saved.body).toMatchObject({ name, timeout_ms: 45_000 });

  // A name the API refuses: its message under the field, nothing saved.
  await settings.getByLabel('Name').fill('   ');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.locator('#agent-edit-name-error')).toContainText('name');
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.name).toBe(name);
  await settings.getByRole('button', { name: 'Discard changes' }).click();
  await expect(settings.getByLabel('Name')).toHaveValue(name);

  // Delete: asks first; keeping keeps it.
  await settings.getByRole('button', { name: 'Delete agent' }).click();
  const confirm = settings.getByRole('group', { name: `Confirm deleting ${name}` });
  await confirm.getByRole('button', { name: 'Keep agent' }).click();
  expect((await apiCall('GET', `/agents/${agent.id}`)).status).toBe(200);
  await settings.getByRole('button', { name: 'Delete agent' }).click();
  await confirm.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  expect((await apiCall('GET', `/agents/${agent.id}`)).status).toBe(404);
  expect((await sendWebhook(agent.webhook_url, { email: 'a@acme.io' })).status).toBe(404);
});
