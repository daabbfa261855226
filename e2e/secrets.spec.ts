import { expect, openSettings, settingsLoaded, signIn, test } from './support/fixtures';

/** A fresh secret name (uppercase, as the API wants it). */
function secretName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

test('an owner adds a secret, sees it listed, replaces its value and deletes it', async ({
  page,
  dialogs,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await settingsLoaded(page);
  const panel = page.getByRole('region', { name: 'Secrets', exact: true });
  await expect(panel.getByText('{{secrets.NAME}}')).toBeVisible();

  const name = secretName('E2E_TOKEN');
  const value = `sk_live_${Date.now()}_first`;
  await panel.getByRole('button', { name: 'Add secret' }).click();
  await expect(panel.getByLabel('Secret name')).toBeFocused();
  await panel.getByLabel('Secret name').fill(name);
  await expect(panel.getByLabel('Secret value')).toHaveAttribute('type', 'password');
  await panel.getByLabel('Secret value').fill(value);
  await panel.getByRole('button', { name: 'Save secret' }).click();
  await expect(panel.getByRole('status')).toContainText(`Secret ${name} added`);
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
  // The value is never shown again: not on the page, not in the form, not in the API.
  await expect(panel.getByLabel('Secret value')).toHaveCount(0);
  expect(await page.content()).not.toContain(value);
  const listed = await (await page.request.get('/v2/secrets')).json();
  const row = listed.data.find((s: { name: string }) => s.name === name);
  expect(row).toEqual({ name, created_at: row.created_at, updated_at: row.updated_at });
  await page.reload();
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(value);

  // Adding the same name again does not overwrite it silently.
  await panel.getByRole('button', { name: 'Add secret' }).click();
  await panel.getByLabel('Secret name').fill(name);
  await panel.getByLabel('Secret value').fill('not saved');
  await panel.getByRole('button', { name: 'Save secret' }).click();
  await expect(panel.getByText(`${name} already exists`)).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel' }).click();

  // Replace the value (keyboard: the new value's field has the focus).
  await panel.getByRole('button', { name: `Replace the value of ${name}` }).click();
  await expect(panel.getByLabel('New value')).toBeFocused();
  await expect(panel.getByLabel('New value')).toHaveAttribute('type', 'password');
  await page.keyboard.type(`sk_live_${Date.now()}_second`);
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toContainText(`The value of ${name} was replaced`);
  const after = await (await page.request.get('/v2/secrets')).json();
  const replaced = after.data.find((s: { name: string }) => s.name === name);
  expect(replaced.created_at).toBe(row.created_at);
  expect(Date.parse(replaced.updated_at)).toBeGreaterThan(Date.parse(row.updated_at));

  // Delete, with an inline confirmation (no browser dialog).
  await panel.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = panel.getByRole('group', { name: `Confirm deleting ${name}` });
  await expect(confirm.getByRole('button', { name: 'Confirm delete' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
  await panel.getByRole('button', { name: `Delete ${name}` }).click();
  await panel.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(panel.getByRole('status')).toContainText(`Secret ${name} deleted`);
  await expect(panel.getByRole('cell', { name, exact: true })).toHaveCount(0);
  const gone = await (await page.request.get('/v2/secrets')).json();
  expect(gone.data.map((s: { name: string }) => s.name)).not.toContain(name);
  expect(dialogs).toEqual([]);
});

test("a bad secret name shows the API's error at the name field", async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const panel = page.getByRole('region', { name: 'Secrets', exact: true });
  await panel.getByRole('button', { name: 'Add secret' }).click();
  const name = secretName('lower').toLowerCase();
  await panel.getByLabel('Secret name').fill(name);
  await panel.getByLabel('Secret value').fill('whatever-long-value');
  await panel.getByRole('button', { name: 'Save secret' }).click();
  const field = panel.getByLabel('Secret name');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.locator('#secret-name-error')).toContainText(
    'name must start with an uppercase letter',
  );
  // The error is tied to the field for screen readers, and nothing was created.
  await expect(field).toHaveAttribute('aria-describedby', /secret-name-error/);
  const listed = await (await page.request.get('/v2/secrets')).json();
  expect(listed.data.map((s: { name: string }) => s.name)).not.toContain(name);
  // Fixed, it saves.
  const fixed = name.toUpperCase();
  await field.fill(fixed);
  await panel.getByRole('button', { name: 'Save secret' }).click();
  await expect(panel.getByRole('cell', { name: fixed, exact: true })).toBeVisible();
  await panel.getByRole('button', { name: `Delete ${fixed}` }).click();
  await panel.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(panel.getByRole('cell', { name: fixed, exact: true })).toHaveCount(0);
});
