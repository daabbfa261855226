import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';
import { state } from './support/env';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Body = any;

/** An approval workflow: a token with `choices` (or none), a wait for it, a last step. */
async function approvalRun(title: string, choices?: string[]) {
  const name = unique('Approval');
  const agent = await createAgent(name, {
    kind: 'workflow',
    config: {
      steps: [
        {
          id: 'ask',
          type: 'create_token',
          title,
          description: 'Acme asks for 20% off the yearly plan',
          ...(choices ? { choices } : {}),
        },
        { id: 'hold', type: 'wait', token: '{% $steps.ask.id %}' },
        { id: 'done', type: 'transform', value: '{% $steps.hold %}' },
      ],
    },
  });
  const run = await apiCall('POST', `/agents/${agent.id}/trigger`, {
    body: { input: {}, options: { async: true } },
  });
  expect(run.status).toBe(202);
  const id = run.body.execution_id as string;
  await expect.poll(async () => (await execution(id)).status).toBe('waiting');
  const tokens = await apiCall('GET', `/wait-tokens?execution_id=${id}`);
  return { agent: { ...agent, name }, id, token: tokens.body.data[0] as Body };
}

async function execution(id: string): Promise<Body> {
  return (await apiCall('GET', `/executions/${id}`)).body;
}

test.describe('waiting runs', () => {
  test('the Waiting page lists a waiting token and completes it as the signed-in user', async ({
    page,
  }) => {
    const title = unique('Discount for Acme');
    const { agent, id, token } = await approvalRun(title, ['approve', 'reject']);
    await signIn(page);
    await page.getByRole('link', { name: 'Waiting' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting', level: 1 })).toBeVisible();
    const row = page.locator(`tr[data-token-id="${token.id}"]`);
    await expect(row).toContainText(title);
    await expect(row).toContainText('Acme asks for 20% off');
    await expect(row.getByRole('link', { name: agent.name })).toHaveAttribute(
      'href',
      `/dashboard/agents/${agent.id}`,
    );
    await expect(row.getByRole('link', { name: id })).toHaveAttribute(
      'href',
      `/dashboard/executions/${id}`,
    );
    await expect(row.getByRole('button')).toHaveText(['approve', 'reject']);

    await row.getByRole('button', { name: 'reject' }).click();
    await expect(page.getByRole('status')).toHaveText(`Recorded “reject” for “${title}”.`);
    await expect(row).toHaveCount(0);
    const done = (await apiCall('GET', `/wait-tokens/${token.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', choice: 'reject' });
    expect(done.completed_by).toMatchObject({ type: 'user', email: state().ownerEmail });
    expect(done.completed_by.id).toMatch(/^usr_/);
    await expect.poll(async () => (await execution(id)).status).toBe('completed');
    expect((await execution(id)).output).toMatchObject({ choice: 'reject' });
  });

  test('the execution page shows the wait, its token and its button; the timeline shows waiting', async ({
    page,
  }) => {
    const { id, token } = await approvalRun(unique('Ship the order'));
    await signIn(page);
    await page.goto(`/dashboard/executions/${id}`);
    await expect(page.getByTestId('execution-status')).toHaveText('waiting');
    const waiting = page.getByRole('region', { name: 'Waiting' });
    await expect(waiting.getByTestId('execution-waiting')).toContainText(
      `waits at step hold for token ${token.id}`,
    );
    const hold = page.locator('tr[data-step="hold"]');
    await expect(hold.locator('.badge-waiting')).toHaveText('waiting');
    // The waiting badge is drawn apart from a running or a completed one.
    const [waitingLook, completedLook] = await Promise.all([
      hold.locator('.badge').evaluate((el) => getComputedStyle(el).backgroundColor),
      page
        .locator('tr[data-step="ask"] .badge')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ]);
    expect(waitingLook).not.toBe(completedLook);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

    await waiting.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByTestId('execution-status')).toHaveText('completed');
    await expect(page.getByRole('region', { name: 'Waiting' })).toHaveCount(0);
    await expect(page.locator('tr[data-step="hold"] .badge')).toHaveText('completed');
    const done = (await apiCall('GET', `/wait-tokens/${token.id}`)).body;
    expect(done.completed_by.type).toBe('user');
  });

  test('a refused completion says why and the row goes', async ({ page }) => {
    const { token } = await approvalRun(unique('Raced'), ['approve']);
    // The page's timers stand still: it does not refresh the list by itself meanwhile.
    await page.clock.install();
    await signIn(page);
    await page.goto('/dashboard/waiting');
    const row = page.locator(`tr[data-token-id="${token.id}"]`);
    await expect(row).toBeVisible();
    // Someone else completes it first, through the API.
    const first = await apiCall('POST', `/wait-tokens/${token.id}/complete`, {
      body: { choice: 'approve' },
    });
    expect(first.status).toBe(200);
    await row.getByRole('button', { name: 'approve' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'The token is completed; only a waiting token can be completed',
    );
    await expect(row).toHaveCount(0);
  });

  test('a duration wait shows until when', async ({ page }) => {
    const agent = await createAgent(unique('Call back'), {
      kind: 'workflow',
      config: { steps: [{ id: 'later', type: 'wait', duration_ms: 3_600_000 }] },
    });
    const run = await apiCall('POST', `/agents/${agent.id}/trigger`, {
      body: { input: {}, options: { async: true } },
    });
    const id = run.body.execution_id as string;
    await expect.poll(async () => (await execution(id)).status).toBe('waiting');
    await signIn(page);
    await page.goto(`/dashboard/executions/${id}`);
    await expect(page.getByTestId('execution-waiting')).toContainText(
      /waits at step later until .+ \(in (59|60) min\)/,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('execution-status')).toHaveText('cancelled');
  });
});
