import { state } from './support/env';
import { expect, settingsLoaded, signIn, signInWithForm, test, unique } from './support/fixtures';

test('change the password: the old cookie stops working, the page stays signed in', async ({
  page,
  browser,
}) => {
  // A user of their own (changing the demo owner's password would end the other specs'
  // session), invited by the owner through the API.
  await signIn(page);
  const { base } = state();
  const csrf = (await (await page.request.get('/v2/session')).json()).csrf_token as string;
  const email = `${unique('pw').replace(/\s+/g, '.')}@example.com`;
  const invited = await page.request.post('/v2/users', {
    headers: { Origin: base, 'X-CSRF-Token': csrf },
    data: { email, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const link = ((await invited.json()) as { setup_url: string }).setup_url;

  const context = await browser.newContext({ baseURL: base });
  const user = await context.newPage();
  try {
    await user.goto(link);
    await user.getByLabel('New password').fill('first password 123');
    await user.getByLabel('Confirm password').fill('first password 123');
    await user.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(user.getByRole('link', { name: 'Overview' })).toBeVisible();
    const cookieOf = async () =>
      (await context.cookies()).find((c) => c.name === 'aas_session')!.value;
    const before = await cookieOf();

    await user.getByRole('link', { name: 'Settings' }).click();
    await settingsLoaded(user);
    await user.getByLabel('Current password').fill('first password 123');
    await user.getByLabel('New password').fill('second password 123');
    await user.getByRole('button', { name: 'Change password' }).click();
    await expect(user.getByText('Password changed.')).toBeVisible();

    // A new session replaced the old one; the old cookie, sent from outside, is refused.
    const after = await cookieOf();
    expect(after).not.toBe(before);
    const old = await fetch(`${base}/v2/session`, { headers: { Cookie: `aas_session=${before}` } });
    expect(old.status).toBe(401);
    // The page is still signed in, and its state-changing requests still pass (new CSRF
    // token): signing out works and ends the new session.
    await user.getByRole('link', { name: 'Agents' }).click();
    await expect(user.getByRole('heading', { name: 'Agents' })).toBeVisible();
    await user.getByRole('button', { name: 'Sign out' }).click();
    await expect(user).toHaveURL(/\/dashboard\/sign-in/);
    const ended = await fetch(`${base}/v2/session`, {
      headers: { Cookie: `aas_session=${after}` },
    });
    expect(ended.status).toBe(401);
    await signInWithForm(user, email, 'second password 123');
  } finally {
    await context.close();
  }
});
