import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

test('edit an agent’s flow control: the API’s error at its field, then saved and removed', async ({
  page,
}) => {
  const agent = await createAgent(unique('Flow'), {
    kind: 'http-request',
    config: { url: 'https://example.com/a' },
  });
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const panel = page.getByRole('region', { name: 'Flow control' });
  await panel.getByLabel('Concurrency').check();
  await panel.getByLabel('Runs at once').fill('5000');
  await panel.getByLabel('Key').fill('{% $input.customer %}');
  await panel.getByRole('button', { name: 'Save flow control' }).click();
  await expect(panel.locator('#flow-concurrency-limit-error')).toContainText(
    'flow.concurrency.limit',
  );
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.flow).toBeNull();

  await panel.getByLabel('Runs at once').fill('2');
  await panel.getByRole('button', { name: 'Save flow control' }).click();
  await expect(panel.getByText('Flow control saved.')).toBeVisible();
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.flow).toEqual({
    concurrency: { limit: 2, key: '{% $input.customer %}' },
  });
  await panel.screenshot({ path: 'test-results/agent-flow-control.png' });

  await panel.getByLabel('Concurrency').uncheck();
  await panel.getByRole('button', { name: 'Save flow control' }).click();
  await expect(panel.getByText('Flow control saved.')).toBeVisible();
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.flow).toBeNull();
});
