import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

/** Runs an agent through the API (synchronously); the execution's id. */
async function run(agentId: string, input: Record<string, unknown>, tags: string[]) {
  const { status, body } = await apiCall('POST', `/agents/${agentId}/trigger`, {
    body: { input, options: { tags } },
  });
  expect([200, 202]).toContain(status);
  return body.execution_id as string;
}

test('tags in the executions list, filtered by one; "Retry all matching" says how many', async ({
  page,
}) => {
  const agent = await createAgent(unique('Bulk leads'));
  const tag = unique('wave')
    .replace(/[^A-Za-z0-9_.:-]/g, '-')
    .slice(0, 60);
  const failed = [];
  for (let i = 0; i < 3; i++) failed.push(await run(agent.id, { name: 'no email' }, [tag]));
  const completed = await run(agent.id, { email: 'ceo@bigcorp.com', company: 'BigCorp' }, [tag]);
  const untagged = await run(agent.id, { name: 'no email' }, []);

  await signIn(page);
  await page.goto(`/dashboard/executions?agent=${agent.id}`);
  const row = (id: string) => page.locator(`tr[data-execution-id="${id}"]`);
  await expect(row(untagged)).toBeVisible();
  await expect(row(completed).getByRole('list', { name: 'Tags' })).toHaveText(tag);

  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Tag').fill(tag);
  await filters.getByLabel('Tag').press('Enter');
  await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(tag)}`));
  await expect(row(untagged)).toHaveCount(0);
  await expect(row(completed)).toBeVisible();
  await filters.getByLabel('failed').check();
  await expect(row(completed)).toHaveCount(0);

  await page.getByRole('button', { name: 'Retry all matching' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm retrying all matching executions' });
  await expect(page.getByText('Retry 3 failed executions matching these filters?')).toBeVisible();
  await page.screenshot({ path: 'test-results/bulk-retry-confirm.png', fullPage: true });
  await confirm.getByRole('button', { name: 'Retry 3' }).click();
  await expect(page.getByText('Bulk retry done: 3 of 3 retried.')).toBeVisible({ timeout: 15_000 });

  // Each failed run was retried once; the untagged one and the completed one were not.
  for (const id of failed) {
    const list = await apiCall('GET', `/agents/${agent.id}/executions?tag=${tag}&limit=100`);
    const retries = (list.body.data as { retry_of: string | null }[]).filter(
      (item) => item.retry_of === id,
    );
    expect(retries).toHaveLength(1);
  }
  // A second ask finds nothing new to take (the retries run again and fail: those are new).
  await page.getByRole('button', { name: 'Retry all matching' }).click();
  await expect(page.getByText(/Retry 3 failed executions|No failed execution/)).toBeVisible();
});
