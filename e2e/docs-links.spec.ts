import { createAgent, expect, signIn, test, unique } from './support/fixtures';

test("a workflow's config links the served API reference; an API error links its code's page", async ({
  page,
}) => {
  const agent = await createAgent(unique('Docs links'), {
    kind: 'workflow',
    config: { steps: [{ id: 'one', type: 'transform', value: { ok: true } }] },
  });
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const config = page.getByRole('region', { name: 'Configuration' });
  const reference = config.getByRole('link', { name: 'the API reference' });
  await expect(reference).toHaveAttribute('href', '/docs');
  await expect(page.locator('main')).not.toContainText('docs/workflows.md');
  // What it points at is served, and documents the workflow's steps.
  const docs = await page.request.get('/docs');
  expect(docs.status()).toBe(200);
  expect(docs.headers()['content-type']).toContain('text/html');
  const document = await (await page.request.get('/v2/openapi.json')).json();
  for (const schema of ['WorkflowConfig', 'WorkflowStep']) {
    expect(Object.keys(document.components.schemas)).toContain(schema);
    await expect(config.getByText(schema, { exact: true })).toBeVisible();
  }

  // A definition the API refuses, run as a test: the error links the page of its code.
  await page
    .getByLabel('Workflow definition')
    .fill('{"steps": [{"id": "Bad id", "type": "transform"}]}');
  const panel = page.getByRole('region', { name: 'Run test' });
  await panel.getByRole('button', { name: 'Run test' }).click();
  const about = panel.getByRole('alert').getByRole('link', { name: 'About invalid_request' });
  await expect(about).toHaveAttribute('href', '/docs/errors/invalid_request');
  const explained = await page.request.get('/docs/errors/invalid_request');
  expect(explained.status()).toBe(200);
  expect(await explained.text()).toContain('<code>invalid_request</code>');
});
