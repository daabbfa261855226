import { state } from './support/env';
import { createAgent, expect, sendWebhook, signIn, test, unique } from './support/fixtures';

test('a cross-origin POST carrying the session cookie gets 403', async ({ page }) => {
  await signIn(page);
  const { csrf_token: csrf } = await (await page.request.get('/v2/session')).json();
  const body = { name: 'from elsewhere' };
  // Another site's page posting with the user's cookie (even with a stolen CSRF token).
  const foreign = await page.request.post('/v2/api-keys', {
    data: body,
    headers: { Origin: 'https://evil.example', 'X-CSRF-Token': csrf },
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error.code).toBe('forbidden');
  // Same origin but no CSRF token: refused too.
  const noToken = await page.request.post('/v2/api-keys', {
    data: body,
    headers: { Origin: state().base },
  });
  expect(noToken.status()).toBe(403);
  // Same origin with the token: allowed (the control).
  const ok = await page.request.post('/v2/api-keys', {
    data: { name: unique('same origin') },
    headers: { Origin: state().base, 'X-CSRF-Token': csrf },
  });
  expect(ok.status()).toBe(201);
});

test('a webhook payload holding HTML shows as text and runs no script', async ({
  page,
  dialogs,
}) => {
  const html = '<img src=x onerror=alert(1)>';
  const agent = await createAgent(`${html} ${unique('agent')}`);
  const sent = await sendWebhook(agent.webhook_url, {
    name: html,
    email: 'x@acme.io',
    message: `<script>alert(2)</script>${html}`,
  });
  expect(sent.status).toBe(202);
  await signIn(page);
  await page.goto(`/dashboard/executions/${sent.body.executionId}`);
  await expect(page.getByRole('region', { name: 'Input' })).toContainText(html);
  await expect(page.getByTestId('execution-status')).toHaveText(/completed|failed/);
  // Agent names from senders are text too (list and detail).
  await page.goto('/dashboard/agents');
  await expect(page.getByRole('link', { name: html }).first()).toBeVisible();
  await page.goto(`/dashboard/agents/${agent.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(html);
  // No element was created from the payload, and no dialog opened.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await page.goto(`/dashboard/executions/${sent.body.executionId}`);
  await expect(page.getByRole('region', { name: 'Input' })).toContainText(
    '<script>alert(2)</script>',
  );
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('dashboard pages send a strict CSP and refuse framing; unknown routes stay 404 JSON', async ({
  request,
}) => {
  const page = await request.get('/dashboard/agents/anything');
  expect(page.status()).toBe(200);
  const csp = page.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(page.headers()['x-frame-options']).toBe('DENY');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const asset = html.match(/\/dashboard\/assets\/[^"]+\.js/)![0];
  const js = await request.get(asset);
  expect(js.headers()['cache-control']).toContain('immutable');

  const missing = await request.get('/no/such/route');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('not_found');
  const root = await request.get('/');
  expect(await root.text()).toContain('href="/dashboard/"');
});
