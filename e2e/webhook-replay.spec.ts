import type { Locator } from '@playwright/test';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

const run = promisify(execFile);

/** Runs a sample curl as shown, `secret` pasted in; its status code and answer. */
async function runSample(sample: Locator, secret: string) {
  const pasted = (await sample.textContent())!.replace('<the signing secret shown above>', secret);
  const { stdout } = await run('bash', [
    '-c',
    `set -euo pipefail\ncurl() { command curl -sS -w '\\n%{http_code}' "$@"; }\n${pasted}`,
  ]);
  const lines = stdout.trim().split('\n');
  return { status: lines.at(-1), body: lines.slice(0, -1).join('\n') };
}

/** POSTs a JSON body signed with `X-Signature` only; the status. */
async function sendHexSigned(url: string, secret: string): Promise<number> {
  const body = JSON.stringify({ email: 'replay@acme.io' });
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
  return response.status;
}

test('the webhook security panel explains replay protection and switches it', async ({ page }) => {
  const agent = await createAgent(unique('Replay'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const security = page.getByRole('region', { name: 'Webhook security' });
  // Without a signing secret there is nothing to protect: no such control.
  await expect(security.getByRole('group', { name: 'Replay protection' })).toHaveCount(0);
  await security.getByRole('button', { name: 'Use a signing secret' }).click();
  const secret = (await security.getByTestId('secret-value').textContent())!.trim();
  const replay = security.getByRole('group', { name: 'Replay protection' });
  const formats = replay.getByTestId('signature-formats');
  await expect(formats).toHaveText('X-Signature or Standard Webhooks');
  await expect(replay).toContainText('carries no timestamp');
  expect(await sendHexSigned(agent.webhook_url, secret)).toBe(202);

  // Requiring Standard Webhooks asks first; keeping changes nothing.
  await replay.getByRole('button', { name: 'Require Standard Webhooks signatures' }).click();
  await expect(replay).toContainText('get 401 from then on');
  await replay.getByRole('button', { name: 'Keep accepting X-Signature' }).click();
  await expect(formats).toHaveText('X-Signature or Standard Webhooks');
  await replay.getByRole('button', { name: 'Require Standard Webhooks signatures' }).click();
  await replay.getByRole('button', { name: 'Confirm require' }).click();
  await expect(formats).toHaveText('Standard Webhooks only');
  const stored = await apiCall('GET', `/agents/${agent.id}`);
  expect(stored.body.webhook_signature_formats).toEqual(['standard_webhooks']);
  expect(await sendHexSigned(agent.webhook_url, secret)).toBe(401);

  // The samples now sign the Standard Webhooks way, and both run as shown (JSON and form).
  const sample = security.getByLabel('curl sample (Signing secret)', { exact: true });
  await expect(sample).toContainText('webhook-signature: v1,');
  await expect(sample).not.toContainText('X-Signature:');
  const json = await runSample(sample, secret);
  expect(json.status).toBe('202');
  const form = await runSample(
    security.getByLabel('curl sample, form (Signing secret)', { exact: true }),
    secret,
  );
  expect(form.status).toBe('202');
  const execution = await apiCall('GET', `/executions/${JSON.parse(form.body).executionId}`);
  expect(execution.body.input).toMatchObject({ email: 'jane@acme.io', name: 'Jane Doe' });

  // Switching back needs no confirmation: it breaks no sender.
  await replay.getByRole('button', { name: 'Also accept X-Signature' }).click();
  await expect(formats).toHaveText('X-Signature or Standard Webhooks');
  expect(await sendHexSigned(agent.webhook_url, secret)).toBe(202);
  await expect(sample).toContainText('X-Signature:');
});

test('the sample request shows a form post beside the JSON one, and it runs', async ({ page }) => {
  const agent = await createAgent(unique('Form sample'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const security = page.getByRole('region', { name: 'Webhook security' });
  const form = security.getByLabel('curl sample, form (None)', { exact: true });
  await expect(form).toContainText('--data');
  await expect(form).toContainText('email=jane%40acme.io');
  const { stdout } = await run('bash', [
    '-c',
    `set -euo pipefail\ncurl() { command curl -sS "$@"; }\n${(await form.textContent())!}`,
  ]);
  const execution = await apiCall('GET', `/executions/${JSON.parse(stdout).executionId}`);
  expect(execution.body.input).toEqual({
    email: 'jane@acme.io',
    name: 'Jane Doe',
    company: 'Acme',
    message: 'Interested in pricing for 50 seats',
  });
});
