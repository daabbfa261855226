import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

test('schedules on the agent page: add with live cron checks, edit, disable, delete', async ({
  page,
}) => {
  const agent = await createAgent(unique('Scheduled'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const panel = page.getByRole('region', { name: 'Schedules' });
  await expect(panel.getByText('No schedules yet.')).toBeVisible();

  await panel.getByRole('button', { name: 'Add schedule' }).click();
  const form = panel.getByRole('form', { name: 'New schedule' });
  const cron = form.getByLabel('Cron expression');
  // Checked while typed, at the field: the submit waits for a valid expression.
  await cron.fill('61 * * * *');
  await expect(form.locator('.field-error')).toBeVisible();
  await expect(cron).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('button', { name: 'Add schedule' })).toBeDisabled();
  await cron.fill('*/15 9-17 * * MON-FRI');
  await expect(form.getByText(/Every 15 minutes/)).toBeVisible();
  await form.getByLabel('Time zone').selectOption('Europe/Berlin');
  await form.getByLabel('Input (JSON)').fill('{"report": "hourly"}');
  await form.getByLabel('Missed runs (no worker ran, or over 60 s late)').selectOption('all');
  await form.getByRole('button', { name: 'Add schedule' }).click();

  const row = panel.locator('tbody tr').first();
  await expect(row).toContainText('*/15 9-17 * * MON-FRI');
  await expect(row).toContainText('Europe/Berlin');
  await expect(row).toContainText('catch-up all');
  await expect(row.getByRole('list', { name: /Next runs/ }).getByRole('listitem')).toHaveCount(3);
  const listed = await apiCall('GET', `/agents/${agent.id}/schedules`);
  expect(listed.body.data[0]).toMatchObject({
    timezone: 'Europe/Berlin',
    input: { report: 'hourly' },
    catch_up: 'all',
  });

  // Edit: a nickname, in words.
  await row.getByRole('button', { name: /^Edit schedule/ }).click();
  const edit = panel.getByRole('form', { name: /^Edit schedule/ });
  await edit.getByLabel('Cron expression').fill('@daily');
  await expect(edit.getByText('Every day, at midnight')).toBeVisible();
  await edit.getByRole('button', { name: 'Save schedule' }).click();
  await expect(row).toContainText('@daily');

  // Disable: no next runs; enable again.
  await row.getByRole('button', { name: /^Disable schedule/ }).click();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('list')).toHaveCount(0);
  await row.getByRole('button', { name: /^Enable schedule/ }).click();
  await expect(row).toContainText('Enabled');
  await panel.screenshot({ path: 'test-results/schedules-panel.png' });

  await row.getByRole('button', { name: /^Delete schedule/ }).click();
  await panel.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(panel.getByText('No schedules yet.')).toBeVisible();
});

test('executions a schedule started show "schedule" as their source', async ({ page }) => {
  const agent = await createAgent(unique('Every second'));
  const created = await apiCall('POST', `/agents/${agent.id}/schedules`, {
    body: { cron: '* * * * * *', overlap: 'allow', input: { email: 'lead@acme.io' } },
  });
  expect(created.status).toBe(201);
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const recent = page.getByRole('region', { name: 'Recent executions' });
  await expect(recent.locator('tbody tr').first()).toContainText('schedule', { timeout: 15_000 });
  await apiCall('PATCH', `/schedules/${created.body.id}`, { body: { enabled: false } });
});
