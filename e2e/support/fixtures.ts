import { test as base, expect, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { OWNER_PASSWORD, state } from './env';

export { expect };

/** A parsed JSON answer, read by the specs field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** Every spec: the base URL of the service started by global-setup.ts. */
export const test = base.extend<{ dialogs: string[]; cspViolations: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  baseURL: async ({}, use) => {
    await use(state().base);
  },
  // Any alert/confirm/prompt the page opens is recorded (and dismissed): specs assert none.
  dialogs: async ({ page }, use) => {
    const seen: string[] = [];
    page.on('dialog', (dialog) => {
      seen.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await use(seen);
  },
  // Every spec fails on a Content Security Policy violation (an inline style or script the
  // dashboard's strict policy refused): Chromium reports each one on the console.
  cspViolations: [
    async ({ page }, use) => {
      const seen: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          seen.push(message.text());
        }
      });
      await use(seen);
      expect(seen, 'CSP violations on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Opens the dashboard as the demo owner, with the session global-setup.ts made (the sign-in
 * form itself is covered by auth.spec.ts, with signInWithForm).
 */
export async function signIn(page: Page) {
  const { base, ownerSession } = state();
  await page
    .context()
    .addCookies([
      { name: 'aas_session', value: ownerSession, url: base, httpOnly: true, sameSite: 'Lax' },
    ]);
  await page.goto('/dashboard/');
  await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
}

/**
 * Opens Settings and waits until every panel has loaded: panels above the one a test uses grow
 * when their data arrives, and a click during that shift can land beside its button (seen in
 * CI: the mousedown focused "Add secret", the click went elsewhere and opened nothing).
 */
export async function openSettings(page: Page) {
  await page.goto('/dashboard/settings');
  await settingsLoaded(page);
}

/** Waits until every panel of the Settings page shown has its data (see `openSettings`). */
export async function settingsLoaded(page: Page) {
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/** Signs in through the form (a new session). */
export async function signInWithForm(
  page: Page,
  email = state().ownerEmail,
  password = OWNER_PASSWORD,
) {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
}

/** A call to the REST API from outside the browser (Node fetch), with a bearer key. */
export async function apiCall(
  method: string,
  path: string,
  options: { key?: string; body?: unknown } = {},
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${state().base}/v2${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${options.key ?? state().apiKey}`,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Creates an agent through the API; its id and webhook URL. */
export async function createAgent(
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; webhook_url: string }> {
  const { status, body } = await apiCall('POST', '/agents', { body: { name, ...extra } });
  expect(status).toBe(201);
  return body;
}

/** POSTs `payload` to a webhook URL from outside the browser, signed when a secret is given. */
export async function sendWebhook(url: string, payload: unknown, secret?: string) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret) {
    headers['X-Signature'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  }
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Body };
}

export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
