import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

/** One step calling a closed port: every run fails. */
const alwaysFails = {
  steps: [
    {
      id: 'call',
      type: 'http',
      method: 'POST',
      url: 'http://127.0.0.1:9/never',
      retry: { max_attempts: 1 },
    },
  ],
};

async function runToEnd(agentId: string, status: 'completed' | 'failed') {
  const run = await apiCall('POST', `/agents/${agentId}/trigger`, { body: { input: {} } });
  expect([200, 202]).toContain(run.status);
  await expect
    .poll(async () => (await apiCall('GET', `/executions/${run.body.execution_id}`)).body.status, {
      timeout: 20_000,
    })
    .toBe(status);
}

test('the success rate is "—" for an agent with no finished run, 0% when every run failed', async ({
  page,
}) => {
  const idle = await createAgent(unique('Never ran'));
  const failing = await createAgent(unique('Always fails'), {
    kind: 'workflow',
    config: alwaysFails,
  });
  await runToEnd(failing.id, 'failed');
  // The API says 0 for both.
  for (const agent of [idle, failing]) {
    expect((await apiCall('GET', `/agents/${agent.id}`)).body.success_rate).toBe(0);
  }
  await signIn(page);
  for (const path of ['/dashboard/agents', '/dashboard/']) {
    await page.goto(path);
    const rate = (id: string) =>
      page
        .locator('tbody tr')
        .filter({ has: page.locator(`a[href$="/agents/${id}"]`) })
        .locator('td')
        .nth(3);
    await expect(rate(failing.id)).toHaveText('0%');
    // Once its counters are read (the hint says so), the idle agent's rate stays "—".
    await expect(rate(idle.id)).toHaveAttribute('title', 'No run finished in the last 30 days');
    await expect(rate(idle.id)).toHaveText('—');
  }
  const card = page.getByRole('region', { name: 'Agent summary' }).locator('.card').nth(1);
  await page.goto(`/dashboard/agents/${idle.id}`);
  await expect(card).toContainText('Success rate (30 d)');
  await expect(card.locator('.stat-value')).toHaveAttribute('title', /No run finished/);
  await expect(card.locator('.stat-value')).toHaveText('—');
  await page.goto(`/dashboard/agents/${failing.id}`);
  await expect(card.locator('.stat-value')).toHaveText('0%');
});
