import type { Browser, Page } from '@playwright/test';
import { state } from './support/env';
import {
  apiCall,
  createAgent,
  expect,
  openSettings,
  signIn,
  test,
  unique,
} from './support/fixtures';

/** A new member invited from the users panel, who set `password` with the link. */
async function memberWithPassword(page: Page, browser: Browser, password: string) {
  await openSettings(page);
  const users = page.getByRole('region', { name: 'Users' });
  const email = `${unique('member').replace(/\s+/g, '.')}@example.com`;
  await users.getByLabel('Invite by email').fill(email);
  await users.getByLabel('Role', { exact: true }).selectOption('member');
  await users.getByRole('button', { name: 'Invite' }).click();
  const link = (await users.getByTestId('invite-link').textContent())!.trim();
  await users.getByRole('button', { name: 'I have copied it' }).click();
  const context = await browser.newContext({ baseURL: state().base });
  const member = await context.newPage();
  await member.goto(link);
  await member.getByLabel('New password').fill(password);
  await member.getByLabel('Confirm password').fill(password);
  await member.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(member.getByRole('link', { name: 'Overview' })).toBeVisible();
  return { email, member, context, users };
}

test('an owner gives a member who forgot the password a one-time link from the users panel', async ({
  page,
  browser,
  dialogs,
}) => {
  await signIn(page);
  const { email, context, users } = await memberWithPassword(page, browser, 'first password 123');
  await context.close();
  // Reloaded, the list shows the member active: the button resets a password.
  await openSettings(page);
  await expect(users.getByRole('button', { name: `New invitation link for ${email}` })).toHaveCount(
    0,
  );
  await users.getByRole('button', { name: `Reset the password of ${email}` }).click();
  const box = users.getByTestId('reset-link');
  const link = (await box.textContent())!.trim();
  expect(link).toContain('/dashboard/setup-password?token=');
  await expect(users.getByText('Their current password keeps working')).toBeVisible();
  await users.getByRole('button', { name: 'I have copied it' }).click();
  await expect(box).toHaveCount(0);

  // The member, signed out, follows it: a new password, signed in.
  const again = await browser.newContext({ baseURL: state().base });
  try {
    const member = await again.newPage();
    await member.goto(link);
    await member.getByLabel('New password').fill('second password 123');
    await member.getByLabel('Confirm password').fill('second password 123');
    await member.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(member.getByRole('link', { name: 'Overview' })).toBeVisible();
    // Once only.
    const reused = await member.request.post('/v2/password-setup', {
      data: { token: new URL(link).searchParams.get('token'), password: 'third password 123' },
    });
    expect(reused.status()).toBe(400);
  } finally {
    await again.close();
  }
  expect(dialogs).toEqual([]);
});

test('the sign-in page tells who can let a user back in, and the command for a sole owner', async ({
  page,
}) => {
  await page.goto('/dashboard/sign-in');
  const help = page.getByTestId('forgot-password');
  await expect(help).toContainText('Forgot your password?');
  await expect(help).toContainText('Settings, Users');
  await expect(help.locator('code')).toHaveText(
    'npm run cli -- user:reset-password --email you@example.com',
  );
});

test('a member saving a workflow that uses a secret is told why it is refused, at the editor', async ({
  page,
  browser,
}) => {
  const name = `E2E_USE_${Date.now().toString(36).toUpperCase()}`;
  expect(
    (await apiCall('PUT', `/secrets/${name}`, { body: { value: 'e2e-secret-value-0123' } })).status,
  ).toBe(200);
  const config = {
    steps: [
      { id: 'lead', type: 'transform', value: { email: '{% $input.email %}' } },
      {
        id: 'post',
        type: 'http',
        method: 'POST',
        url: 'https://crm.example.com/leads',
        headers: { Authorization: `Bearer {{secrets.${name}}}` },
        body: '{% $steps.lead %}',
      },
    ],
  };
  const agent = await createAgent(unique('Uses a secret'), { kind: 'workflow', config });
  await signIn(page);
  const { member, context } = await memberWithPassword(page, browser, 'member password 123');
  try {
    await member.goto(`/dashboard/agents/${agent.id}`);
    const editor = member.getByLabel('Workflow definition');
    await expect(editor).toBeVisible();
    const edited = { ...config, steps: [...config.steps].reverse() };
    await editor.fill(JSON.stringify(edited, null, 2));
    await member.getByRole('button', { name: 'Save config' }).click();
    const note = member.getByTestId('secret-use-note');
    await expect(note).toContainText('only an account owner can save or test');
    await expect(note).toContainText('secrets:use');
    await expect(note.locator('code').last()).toHaveText('config.steps[0].headers.Authorization');
    await expect(member.getByTestId('config-error-path')).toContainText(
      'config.steps[0].headers.Authorization',
    );
    // Nothing was saved.
    const saved = await apiCall('GET', `/agents/${agent.id}`);
    expect(saved.body.version).toBe(1);
  } finally {
    await context.close();
  }
});
