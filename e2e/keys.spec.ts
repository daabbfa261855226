import { state } from './support/env';
import {
  apiCall,
  expect,
  openSettings,
  settingsLoaded,
  signIn,
  test,
  unique,
} from './support/fixtures';

test('create an API key in Settings, then call the API with it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await settingsLoaded(page);
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const name = unique('CI key');
  await keys.getByLabel('Key name').fill(name);
  // Read-only key: no agents:write, no secrets:write. Every scope of the API is offered.
  for (const scope of ['agents:read', 'executions:read', 'secrets:read', 'secrets:write']) {
    await expect(keys.getByLabel(scope, { exact: true })).toBeChecked();
  }
  await keys.getByLabel('agents:write').uncheck();
  await keys.getByLabel('agents:trigger').uncheck();
  await keys.getByLabel('secrets:write').uncheck();
  await keys.getByRole('button', { name: 'Create key' }).click();
  const secret = (await keys.getByTestId('secret-value').textContent())!.trim();
  expect(secret.length).toBeGreaterThan(20);
  await expect(keys.getByRole('cell', { name, exact: true })).toBeVisible();

  // The key works from outside the browser, with the scopes chosen.
  const account = await apiCall('GET', '/account', { key: secret });
  expect(account.status).toBe(200);
  expect(account.body.id).toBe(state().accountId);
  expect((await apiCall('GET', '/agents', { key: secret })).status).toBe(200);
  const write = await apiCall('POST', '/agents', { key: secret, body: { name: 'nope' } });
  expect(write.status).toBe(403);
  expect((await apiCall('GET', '/secrets', { key: secret })).status).toBe(200);
  const put = await apiCall('PUT', '/secrets/NOPE', { key: secret, body: { value: 'x' } });
  expect(put.status).toBe(403);

  // Revoked (after confirming), it no longer opens anything, and its secret, still shown in
  // the box, leaves the screen with it.
  await keys.getByRole('button', { name: `Revoke ${name}` }).click();
  await keys.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(keys.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await expect(keys.getByTestId('secret-value')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect((await apiCall('GET', '/account', { key: secret })).status).toBe(401);
});

test("a new key's box closes once copied; revoking another key leaves it", async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const keys = page.getByRole('region', { name: 'API keys' });
  const create = async (name: string) => {
    await keys.getByRole('button', { name: 'Create API key' }).click();
    await keys.getByLabel('Key name').fill(name);
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect(keys.getByRole('cell', { name, exact: true })).toBeVisible();
    return (await keys.getByTestId('secret-value').textContent())!.trim();
  };
  const other = unique('other key');
  await create(other);
  const secret = await create(unique('shown key'));
  // Revoking a key other than the one shown keeps the box.
  await keys.getByRole('button', { name: `Revoke ${other}` }).click();
  await keys.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(keys.getByRole('cell', { name: other, exact: true })).toHaveCount(0);
  await expect(keys.getByTestId('secret-value')).toHaveText(secret);
  // "I have copied it" closes it.
  await keys.getByRole('button', { name: 'I have copied it' }).click();
  await expect(keys.getByTestId('secret-value')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
});

test('a bearer API key cannot create API keys', async () => {
  const created = await apiCall('POST', '/api-keys', { body: { name: 'from a key' } });
  expect(created.status).toBe(403);
  expect(created.body.error.code).toBe('forbidden');
  expect((await apiCall('GET', '/api-keys')).status).toBe(403);
});

test('rotate the account signing secret: shown once, a new one each time', async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const signing = page.getByRole('region', { name: 'Outgoing webhook signing' });
  const button = signing.getByRole('button', { name: /Enable signing|Rotate signing secret/ });
  await button.click();
  await expect(signing.getByTestId('signing-status')).toHaveText('Enabled');
  const first = (await signing.getByTestId('secret-value').textContent())!.trim();
  expect(first).toMatch(/^whsec_/);
  // Rotating breaks receivers checking the current secret: it asks first, and "Keep" keeps it.
  await signing.getByRole('button', { name: 'Rotate signing secret' }).click();
  const confirm = signing.getByRole('group', { name: 'Confirm rotating the signing secret' });
  await confirm.getByRole('button', { name: 'Keep current secret' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(signing.getByTestId('secret-value')).toHaveText(first);
  await signing.getByRole('button', { name: 'Rotate signing secret' }).click();
  await confirm.getByRole('button', { name: 'Confirm rotate' }).click();
  await expect(signing.getByTestId('secret-value')).not.toHaveText(first);
  const second = (await signing.getByTestId('secret-value').textContent())!.trim();
  expect(second).toMatch(/^whsec_/);
  // "I have copied it" closes the box; signing stays enabled.
  await signing.getByRole('button', { name: 'I have copied it' }).click();
  await expect(signing.getByTestId('secret-value')).toHaveCount(0);
  await expect(signing.getByTestId('signing-status')).toHaveText('Enabled');
  // Shown once: after a reload the secret is gone, signing stays enabled.
  await page.reload();
  await expect(signing.getByTestId('signing-status')).toHaveText('Enabled');
  await expect(signing.getByTestId('secret-value')).toHaveCount(0);
  await expect(page.getByText(second)).toHaveCount(0);

  // Disable, with confirmation.
  await signing.getByRole('button', { name: 'Disable signing' }).click();
  await signing.getByRole('button', { name: 'Confirm disable' }).click();
  await expect(signing.getByTestId('signing-status')).toHaveText('Disabled');
});
