import { apiCall, expect, openSettings, settingsLoaded, signIn, test } from './support/fixtures';

test('an owner adds a webhook endpoint (secret shown once), sends a test, sees its delivery and deletes it', async ({
  page,
  dialogs,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await settingsLoaded(page);
  const panel = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
  const url = `https://hooks.example.com/e2e-${Date.now().toString(36)}`;

  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await panel.getByLabel('Endpoint URL').fill(url);
  await panel.getByRole('checkbox', { name: 'All events' }).uncheck();
  await panel.getByRole('checkbox', { name: 'execution.failed' }).check();
  await panel.getByRole('checkbox', { name: 'agent.deleted' }).check();
  await panel.getByRole('button', { name: 'Add endpoint' }).click();

  const secret = panel.getByTestId('secret-value');
  await expect(secret).toHaveText(/^whsec_/);
  const value = (await secret.textContent())!;
  const row = panel.getByRole('listitem').filter({ hasText: url });
  await expect(row).toBeVisible();
  await expect(row.getByText('execution.failed, agent.deleted')).toBeVisible();
  // The box closes once copied.
  await panel.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secret).toHaveCount(0);
  await expect(panel.getByText(value)).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(value);

  await row.getByRole('button', { name: 'Send test' }).click();
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const deliveries = row.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByText('ping', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${url}` }).click();
  await row.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(row).toHaveCount(0);
  const listed = await (await page.request.get('/v2/webhook-endpoints')).json();
  expect(listed.data.map((e: { url: string }) => e.url)).not.toContain(url);
  expect(dialogs).toEqual([]);
});

test('a URL the API refuses shows its error at the URL field', async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const panel = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  // Styled as the other text inputs (a url input was left with the browser's default look).
  const input = panel.getByLabel('Endpoint URL');
  await expect(input).toHaveCSS('min-height', '36px');
  await expect(input).toHaveCSS('border-radius', '6px');
  await input.fill('ftp://hooks.example.com/hook');
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(panel.getByText('url must be an absolute http or https URL')).toBeVisible();
});

test('an endpoint is disabled and enabled again, and its secret rotated (shown once)', async ({
  page,
}) => {
  const url = `https://hooks.example.com/e2e-toggle-${Date.now().toString(36)}`;
  const made = await apiCall('POST', '/webhook-endpoints', { body: { url, events: ['*'] } });
  expect(made.status).toBe(201);
  await signIn(page);
  await openSettings(page);
  const panel = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
  const row = panel.getByRole('listitem').filter({ hasText: url });
  const read = async () => (await apiCall('GET', `/webhook-endpoints/${made.body.id}`)).body;

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByText('All events · disabled')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Send test' })).toBeDisabled();
  expect((await read()).enabled).toBe(false);
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByRole('button', { name: 'Send test' })).toBeEnabled();
  expect((await read()).enabled).toBe(true);

  await row.getByRole('button', { name: 'Rotate secret' }).click();
  const secret = panel.getByTestId('secret-value');
  await expect(secret).toHaveText(/^whsec_/);
  await expect(panel.getByText(`New signing secret of ${url}`)).toBeVisible();
  await expect(panel.getByText(/for 24 hours, one with the old secret too/)).toBeVisible();
  await panel.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secret).toHaveCount(0);
});

test('a new endpoint takes a description, shown above its URL', async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const panel = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
  const url = `https://hooks.example.com/described-${Date.now().toString(36)}`;
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await panel.getByLabel('Endpoint URL').fill(url);
  await panel.getByLabel('Description (optional)').fill('CRM sync for the sales team');
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await panel.getByRole('button', { name: 'I have copied it' }).click();
  const row = panel.getByRole('listitem').filter({ hasText: url });
  await expect(row.getByText('CRM sync for the sales team')).toBeVisible();
  const listed = await (await page.request.get('/v2/webhook-endpoints?limit=100')).json();
  const endpoint = listed.data.find((e: { url: string }) => e.url === url);
  expect(endpoint.description).toBe('CRM sync for the sales team');
  expect((await apiCall('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
});
