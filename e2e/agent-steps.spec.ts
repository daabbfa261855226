import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Body = any;

async function execution(id: string): Promise<Body> {
  return (await apiCall('GET', `/executions/${id}`)).body;
}

async function finished(id: string): Promise<Body> {
  await expect
    .poll(async () => (await execution(id)).status, { timeout: 15_000 })
    .toMatch(/^(completed|failed)$/);
  return execution(id);
}

/** The text of the JSON editor (CodeMirror renders one element per line). */
function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((element) =>
    [...element.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
  );
}

/** No serious or critical axe violation on the page. */
async function scan(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help}`);
  expect(bad).toEqual([]);
}

/** A workflow agent with the given steps; its id and name. */
async function workflow(name: string, steps: unknown[]) {
  const full = unique(name);
  const agent = await createAgent(full, { kind: 'workflow', config: { steps } });
  return { id: agent.id, name: full };
}

test.describe('agents as steps', () => {
  test('a parent links to its child and the child back to its parent and root', async ({
    page,
  }) => {
    // root → middle → leaf: the leaf's parent is the middle's run, its root the root's.
    const leaf = await workflow('Leaf qualifier', [
      { id: 'score', type: 'transform', value: { score: 80 } },
    ]);
    const middle = await workflow('Regional router', [
      { id: 'qualify', type: 'agent', agent_id: leaf.id },
    ]);
    const root = await workflow('Lead intake', [
      { id: 'route', type: 'agent', agent_id: middle.id, input: { region: 'emea' } },
    ]);
    const run = await apiCall('POST', `/agents/${root.id}/trigger`, {
      body: { input: {}, options: { async: true } },
    });
    const rootRun = await finished(run.body.execution_id as string);
    expect(rootRun.status).toBe('completed');
    const middleId = rootRun.steps[0].child_execution_id as string;
    const leafId = (await execution(middleId)).steps[0].child_execution_id as string;

    await signIn(page);
    await page.goto(`/dashboard/executions/${rootRun.id}`);
    await expect(page.getByTestId('execution-parent')).toHaveCount(0);
    // The parent's children: agent, status, start, duration, each linked.
    const children = page.getByRole('table', { name: 'Child executions' });
    const row = children.locator(`tr[data-execution-id="${middleId}"]`);
    await expect(children.locator('tbody tr')).toHaveCount(1);
    await expect(row.getByRole('link', { name: middle.name })).toHaveAttribute(
      'href',
      `/dashboard/agents/${middle.id}`,
    );
    await expect(row.locator('.badge')).toHaveText('completed');
    await expect(row.locator('time')).toHaveCount(1);
    await expect(row).toContainText(/\d+ ms/);
    // The agent step's row links to the execution it started.
    const step = page.locator('tr[data-step="route"]');
    await expect(step.getByRole('link', { name: middleId })).toHaveAttribute(
      'href',
      `/dashboard/executions/${middleId}`,
    );
    await scan(page, 'parent');

    await row.getByRole('link', { name: middleId }).click();
    await expect(page).toHaveURL(new RegExp(`/executions/${middleId}$`));
    await expect(page.getByTestId('execution-parent')).toContainText(`started by ${rootRun.id}`);
    // Its parent is its root: no second link.
    await expect(page.getByTestId('execution-root')).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'Child executions' }).locator('tbody tr'),
    ).toHaveCount(1);

    await page.locator('tr[data-step="qualify"]').getByRole('link', { name: leafId }).click();
    await expect(page).toHaveURL(new RegExp(`/executions/${leafId}$`));
    await expect(page.getByTestId('execution-parent')).toContainText(`started by ${middleId}`);
    await expect(page.getByTestId('execution-root')).toContainText(`root ${rootRun.id}`);
    await scan(page, 'child');
    // The leaf started nothing: no children list.
    await expect(page.getByRole('region', { name: 'Child executions' })).toHaveCount(0);
    await page.getByTestId('execution-root').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/executions/${rootRun.id}$`));
    await expect(page.getByRole('heading', { name: `Execution ${rootRun.id}` })).toBeVisible();
  });

  test("a child's status changes live on the parent's page, polled until it is final", async ({
    page,
  }) => {
    // The child waits for a person; the parent does not wait for it (`wait: false`): the
    // parent is final at once, so only the child's own refresh can show its end.
    const child = await workflow('Approval child', [
      { id: 'ask', type: 'create_token', title: 'Approve the lead' },
      { id: 'hold', type: 'wait', token: '{% $steps.ask.id %}' },
    ]);
    const parent = await workflow('Fire and forget', [
      { id: 'notify', type: 'agent', agent_id: child.id, wait: false },
    ]);
    const run = await apiCall('POST', `/agents/${parent.id}/trigger`, {
      body: { input: {}, options: { async: true } },
    });
    const parentRun = await finished(run.body.execution_id as string);
    expect(parentRun.status).toBe('completed');
    const childId = parentRun.steps[0].child_execution_id as string;
    await expect.poll(async () => (await execution(childId)).status).toBe('waiting');

    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('parent_execution_id=')) polls.push(request.url());
    });
    await signIn(page);
    await page.goto(`/dashboard/executions/${parentRun.id}`);
    await expect(page.getByTestId('execution-status')).toHaveText('completed');
    const row = page
      .getByRole('table', { name: 'Child executions' })
      .locator(`tr[data-execution-id="${childId}"]`);
    await expect(row.locator('.badge')).toHaveText('waiting');

    const tokens = await apiCall('GET', `/wait-tokens?execution_id=${childId}`);
    const done = await apiCall('POST', `/wait-tokens/${tokens.body.data[0].id}/complete`, {
      body: {},
    });
    expect(done.status).toBe(200);
    // No reload: the list follows the child while it is not final...
    await expect(row.locator('.badge')).toHaveText('completed');
    await expect(row).toContainText(/\d+ ms/);
    // ...and stops asking once every run on the page is final.
    const asked = polls.length;
    await page.waitForTimeout(2500);
    expect(polls.length).toBe(asked);
  });

  test('the agent picker inserts an agent step that saves; refusals show at their field', async ({
    page,
  }) => {
    const child = await workflow('Picked qualifier', [
      { id: 'score', type: 'transform', value: { score: 10 } },
    ]);
    const router = await workflow('Router', [
      { id: 'received', type: 'transform', value: { input: '{% $input %}' } },
    ]);
    await signIn(page);
    await page.goto(`/dashboard/agents/${router.id}`);
    const editor = page.getByLabel('Workflow definition');
    await expect.poll(() => editorText(editor)).toContain('"received"');

    const form = page.getByRole('form', { name: 'Insert an agent step' });
    await page.getByText('Insert an agent step', { exact: true }).click();
    await expect(form.getByLabel('Step id')).toHaveValue('call_agent');
    // The picker lists the account's agents by name, this one marked.
    await expect(form.getByLabel('Agent').locator('option', { hasText: child.name })).toHaveCount(
      1,
    );
    await expect(
      form.getByLabel('Agent').locator('option', { hasText: `${router.name} (this agent)` }),
    ).toHaveCount(1);

    // Nothing chosen, a bad id, an input that is no object: each said at its field.
    await form.getByRole('button', { name: 'Insert agent step' }).click();
    await expect(form.locator('#agent-step-agent-error')).toHaveText('Choose the agent to run');
    await form.getByLabel('Agent').selectOption({ label: child.name });
    await form.getByLabel('Step id').fill('Received');
    await form.getByRole('button', { name: 'Insert agent step' }).click();
    await expect(form.locator('#agent-step-id-error')).toContainText('lowercase letter');
    await form.getByLabel('Step id').fill('received');
    await form.getByRole('button', { name: 'Insert agent step' }).click();
    await expect(form.locator('#agent-step-id-error')).toHaveText(
      'A step is already called received',
    );
    await form.getByLabel('Step id').fill('qualify');
    await form.getByLabel('Input (JSON)').fill('[1, 2]');
    await form.getByRole('button', { name: 'Insert agent step' }).click();
    await expect(form.locator('#agent-step-input-error')).toContainText('must be a JSON object');
    expect((await editorText(editor)).includes('"agent"')).toBe(false);
    await scan(page, 'agent picker');

    await form.getByLabel('Input (JSON)').fill('{"email": "{% $input.email %}"}');
    await form.getByLabel('Wait for the child').uncheck();
    await form.getByRole('button', { name: 'Insert agent step' }).click();
    await expect(form.getByRole('status')).toContainText('Step qualify added to the editor');
    await expect.poll(() => editorText(editor)).toContain('"type": "agent"');
    await page.getByRole('button', { name: 'Save config' }).click();
    await expect(page.getByText('Configuration saved. New runs use version 2.')).toBeVisible();
    const saved = (await apiCall('GET', `/agents/${router.id}`)).body;
    expect(saved.config.steps[1]).toEqual({
      id: 'qualify',
      type: 'agent',
      agent_id: child.id,
      input: { email: '{% $input.email %}' },
      wait: false,
    });
    // The next id offered is a free one.
    await expect(form.getByLabel('Step id')).toHaveValue('call_agent');

    // An agent the API does not know: its refusal at the editor, with the JSON path.
    const text = await editorText(editor);
    await editor.fill(text.replace(child.id, 'agt_01jd8z6q8r0s2t4u6v8w0x2y4z'));
    await page.getByRole('button', { name: 'Save config' }).click();
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('config-error-path')).toContainText('config.steps[1].agent_id');
    expect((await apiCall('GET', `/agents/${router.id}`)).body.version).toBe(2);
  });
});
