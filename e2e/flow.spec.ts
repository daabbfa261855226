import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';
import { HeldEndpoint } from './support/held-endpoint';

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

test('an unticked control shows its checkbox and label only, no empty box', async ({ page }) => {
  const agent = await createAgent(unique('Flow off'), {
    kind: 'http-request',
    config: { url: 'https://example.com/a' },
    flow: { concurrency: { limit: 1 } },
  });
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const panel = page.getByRole('region', { name: 'Flow control' });
  const box = (label: string) =>
    panel.locator('fieldset').filter({ has: page.getByLabel(label, { exact: true }) });
  const border = (label: string) =>
    box(label).evaluate((element) => getComputedStyle(element).borderTopColor);
  await expect(panel.getByLabel('Concurrency')).toBeChecked();
  // The ticked control is a box of its fields; an unticked one has no fields and draws no box.
  expect(await border('Concurrency')).not.toBe('rgba(0, 0, 0, 0)');
  for (const off of ['Throttle', 'Debounce']) {
    await expect(panel.getByLabel(off)).not.toBeChecked();
    await expect(panel.getByLabel(off)).toBeVisible();
    await expect(box(off).locator('input:not([type="checkbox"])')).toHaveCount(0);
    expect(await border(off)).toBe('rgba(0, 0, 0, 0)');
  }
  // Ticked, it becomes a box with its fields; unticked again, the box goes.
  await panel.getByLabel('Throttle').check();
  await expect(panel.getByLabel('Starts per period')).toBeVisible();
  expect(await border('Throttle')).not.toBe('rgba(0, 0, 0, 0)');
  await panel.getByLabel('Throttle').uncheck();
  await expect(panel.getByLabel('Starts per period')).toHaveCount(0);
  expect(await border('Throttle')).toBe('rgba(0, 0, 0, 0)');
});

test.describe('runs per key', () => {
  const endpoint = new HeldEndpoint();
  test.beforeAll(() => endpoint.start());
  test.afterAll(() => endpoint.stop());

  test('the flow panel counts running and queued runs per key; a held run says so', async ({
    page,
  }) => {
    const agent = await createAgent(unique('Flow keys'), {
      kind: 'http-request',
      config: { url: endpoint.url },
      timeout_ms: 60_000,
      flow: { concurrency: { limit: 1, key: '{% $input.customer %}' } },
    });
    await signIn(page);
    await page.goto(`/dashboard/agents/${agent.id}`);
    const keys = page.getByRole('region', { name: 'Flow control' }).getByTestId('flow-keys');
    await expect(keys.getByText('Nothing running or queued')).toBeVisible();

    // Triggered while the page is open: the table appears without a reload.
    const trigger = async (customer: string) =>
      (
        await apiCall('POST', `/agents/${agent.id}/trigger`, {
          body: { input: { customer }, options: { async: true } },
        })
      ).body.execution_id as string;
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await trigger('acme'));
    await trigger('globex');
    const row = (key: string) => keys.locator(`tr[data-flow-key='${key}']`);
    await expect(row('"acme"').locator('td')).toHaveText(['"acme"', '1', '2']);
    await expect(row('"globex"').locator('td')).toHaveText(['"globex"', '1', '0']);
    // The most queued key first.
    await expect(keys.locator('tbody tr').first()).toHaveAttribute('data-flow-key', '"acme"');

    await page.goto(`/dashboard/executions/${ids[2]}`);
    await expect(page.getByTestId('execution-held')).toContainText(
      "Held by the agent's flow control",
    );
    await expect(page.getByTestId('execution-held')).toContainText('concurrency');

    // Answered, the runs finish one after the other and the keys empty.
    await page.goto(`/dashboard/agents/${agent.id}`);
    await expect
      .poll(
        async () => {
          endpoint.release();
          return keys.getByText('Nothing running or queued').isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  });
});
