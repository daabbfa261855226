import { state } from './support/env';
import { expect, openSettings, signIn, test, unique } from './support/fixtures';

test('invite a member, who signs up with the link and cannot open API keys or secrets', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await openSettings(page);
  const users = page.getByRole('region', { name: 'Users' });
  const email = `${unique('member').replace(/\s+/g, '.')}@example.com`;
  await users.getByLabel('Invite by email').fill(email);
  await users.getByLabel('Role', { exact: true }).selectOption('member');
  await users.getByRole('button', { name: 'Invite' }).click();
  const link = (await users.getByTestId('invite-link').textContent())!.trim();
  expect(link).toContain('/dashboard/setup-password?token=');
  await expect(users.getByRole('cell', { name: email, exact: true })).toBeVisible();
  // The link's box closes once copied.
  await users.getByRole('button', { name: 'I have copied it' }).click();
  await expect(users.getByTestId('invite-link')).toHaveCount(0);
  // On a phone the Status column is hidden: the email says the user is only invited.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 800 });
  const row = users.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('· invited')).toBeVisible();
  await page.setViewportSize(viewport);
  await expect(row.getByText('· invited')).toBeHidden();

  // The member, in another browser, sets a password through the link and is signed in.
  const context = await browser.newContext({ baseURL: state().base });
  const member = await context.newPage();
  try {
    await member.goto(link);
    await member.getByLabel('New password').fill('member password 123');
    await member.getByLabel('Confirm password').fill('member password 123');
    await member.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(member.getByRole('link', { name: 'Overview' })).toBeVisible();
    await member.getByRole('link', { name: 'Settings' }).click();
    await expect(member.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(member.getByRole('heading', { name: 'API keys' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
    // Nor the account's secrets.
    await expect(member.getByRole('heading', { name: 'Secrets', exact: true })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Add secret' })).toHaveCount(0);
    // Nor through the API with the member's session.
    expect((await member.request.get('/v2/api-keys')).status()).toBe(403);
    expect((await member.request.get('/v2/secrets')).status()).toBe(403);
    // A member still sees agents.
    await member.getByRole('link', { name: 'Agents' }).click();
    await expect(member.getByRole('heading', { name: 'Agents' })).toBeVisible();
  } finally {
    await context.close();
  }

  // The owner changes the role, then removes the member.
  await users.getByLabel(`Role of ${email}`).selectOption('owner');
  await expect(users.getByText(`${email} is now owner.`)).toBeVisible();
  await users.getByRole('button', { name: `Remove ${email}` }).click();
  await users.getByRole('button', { name: 'Confirm remove' }).click();
  await expect(users.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
});
