import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

/** Two transform steps: runs without any network. */
const definition = (salutation: string) => ({
  steps: [
    { id: 'greet', type: 'transform', value: { greeting: `{% '${salutation} ' & $input.name %}` } },
    { id: 'shout', type: 'transform', value: { loud: '{% $uppercase($steps.greet.greeting) %}' } },
  ],
  output: { message: '{% $steps.shout.loud %}' },
});

/** The text of the JSON editor (CodeMirror renders one element per line). */
function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((element) =>
    [...element.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
  );
}

function createWorkflow(name: string) {
  return createAgent(unique(name), { kind: 'workflow', config: definition('Hello') });
}

test('run a test of a workflow: status, output and each step, with the unsaved definition', async ({
  page,
}) => {
  const agent = await createWorkflow('Greeter');
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const editor = page.getByLabel('Workflow definition');
  await expect.poll(() => editorText(editor)).toBe(JSON.stringify(definition('Hello'), null, 2));

  const panel = page.getByRole('region', { name: 'Run test' });
  await expect(panel.getByLabel('Test input')).toHaveValue('{}');
  await panel.getByLabel('Test input').fill('{"name": "Ada"}');
  await panel.getByRole('button', { name: 'Run test' }).click();
  const result = panel.getByTestId('test-result');
  await expect(result.getByTestId('test-status')).toHaveText('completed');
  await expect(result.getByLabel('Test output')).toContainText('"message": "HELLO ADA"');
  const steps = result.getByRole('table', { name: 'Steps of the test run' });
  await expect(steps.locator('tbody tr')).toHaveCount(2);
  for (const [id, text] of [
    ['greet', '"greeting": "Hello Ada"'],
    ['shout', '"loud": "HELLO ADA"'],
  ]) {
    const row = steps.locator(`tr[data-step="${id}"]`);
    await expect(row).toContainText('transform');
    await expect(row).toContainText('completed');
    await row.getByText('Output', { exact: true }).click();
    await expect(row.getByLabel(`Output of step ${id}`)).toContainText(text);
  }

  // The test runs what is in the editor, saved or not.
  await editor.fill(JSON.stringify(definition('Bonjour'), null, 2));
  await panel.getByRole('button', { name: 'Run test' }).click();
  await expect(result.getByLabel('Test output')).toContainText('"message": "BONJOUR ADA"');
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.version).toBe(1);
});

test('save a bad workflow definition: the message and the JSON path at the editor', async ({
  page,
}) => {
  const agent = await createWorkflow('Broken');
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const editor = page.getByLabel('Workflow definition');
  const bad = {
    steps: [{ id: 'greet', type: 'transform', value: { email: '{% $lowercase( %}' } }],
  };
  await editor.fill(JSON.stringify(bad, null, 2));
  await page.getByRole('button', { name: 'Save config' }).click();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  const path = page.getByTestId('config-error-path');
  await expect(path).toContainText('config.steps[0].value.email');
  await expect(page.locator('#config-edit-error')).toContainText('line 7');
  await path.getByRole('button', { name: 'Show line 7' }).click();
  await expect(editor).toBeFocused();
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.version).toBe(1);
});

test("a workflow execution's page lists its steps", async ({ page }) => {
  const agent = await createWorkflow('Traced');
  const trigger = await apiCall('POST', `/agents/${agent.id}/trigger`, {
    body: { input: { name: '<b>Bob</b>' } },
  });
  expect(trigger.status).toBeLessThan(300);
  const id = trigger.body.execution_id as string;
  await expect
    .poll(async () => (await apiCall('GET', `/executions/${id}`)).body.status)
    .toBe('completed');
  await signIn(page);
  await page.goto(`/dashboard/executions/${id}`);
  const section = page.getByRole('region', { name: 'Steps', exact: true });
  await expect(section.getByRole('heading', { name: 'Steps' })).toBeVisible();
  const steps = section.getByRole('table', { name: 'Steps of this execution' });
  await expect(steps.locator('tbody tr')).toHaveCount(2);
  const greet = steps.locator('tr[data-step="greet"]');
  await expect(greet).toContainText('completed');
  await greet.getByText('Output', { exact: true }).click();
  // Untrusted data as text: the markup in the input is shown, not rendered.
  await expect(greet.getByLabel('Output of step greet')).toContainText('Hello <b>Bob</b>');
  await expect(greet.locator('b')).toHaveCount(0);
});

/** A workflow agent whose second step fails (`stop`, after `greet`), and its failed run. */
async function failedWorkflowRun(name: string) {
  const agent = await createAgent(unique(name), {
    kind: 'workflow',
    config: {
      steps: [
        { id: 'greet', type: 'transform', value: { greeting: "{% 'Hi ' & $input.name %}" } },
        { id: 'stop', type: 'fail', code: 'no_lead', message: '<i>not a lead</i>' },
      ],
    },
  });
  const trigger = await apiCall('POST', `/agents/${agent.id}/trigger`, {
    body: { input: { name: 'Eve' } },
  });
  const id = trigger.body.execution_id as string;
  await expect
    .poll(async () => (await apiCall('GET', `/executions/${id}`)).body.status)
    .toBe('failed');
  return { agent, id };
}

test('a failed step shows its error; the workflow panels pass axe in both schemes', async ({
  page,
}) => {
  const { agent, id } = await failedWorkflowRun('Failing');
  await signIn(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/dashboard/executions/${id}`);
    const stop = page.locator('tr[data-step="stop"]');
    await expect(stop).toContainText('failed');
    await stop.getByText('Error', { exact: false }).first().click();
    await expect(stop).toContainText('<i>not a lead</i>');
    await expect(stop.locator('i')).toHaveCount(0);
    await scan(page, `execution (${scheme})`);

    await page.goto(`/dashboard/agents/${agent.id}`);
    const panel = page.getByRole('region', { name: 'Run test' });
    await panel.getByRole('button', { name: 'Run test' }).click();
    await expect(panel.getByTestId('test-status')).toHaveText('failed');
    await expect(panel.getByTestId('test-result')).toContainText('no_lead');
    await scan(page, `agent (${scheme})`);
  }
});

async function scan(page: import('@playwright/test').Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help}`);
  expect(bad).toEqual([]);
}

test('a failed workflow run resumes from its failed step, reusing the steps before it', async ({
  page,
}) => {
  const { id } = await failedWorkflowRun('Resumable');
  await signIn(page);
  await page.goto(`/dashboard/executions/${id}`);
  await page.getByRole('button', { name: 'Resume from stop' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/${id}$`));
  await expect(page.getByText(`retry of ${id}`)).toBeVisible();
  // The new run took greet from the failed one and ran stop again.
  await expect(page.locator('tr[data-step="greet"]')).toContainText('reused');
  await expect(page.locator('tr[data-step="stop"]')).toContainText('failed');
  // A failed run of another kind has no steps to resume from: Retry only.
  const plain = await createAgent(unique('Plain failing'));
  const failed = await apiCall('POST', `/agents/${plain.id}/trigger`, {
    body: { input: { name: 'no email' } },
  });
  await expect
    .poll(async () => (await apiCall('GET', `/executions/${failed.body.execution_id}`)).body.status)
    .toBe('failed');
  await page.goto(`/dashboard/executions/${failed.body.execution_id}`);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resume/ })).toHaveCount(0);
});
