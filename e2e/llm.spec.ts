import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeModel } from '../test/support/fake-model';
import { apiCall, createAgent, expect, signIn, test, unique } from './support/fixtures';

/**
 * An `llm` step's model calls on an execution's page (docs/workflows.md, LLM steps): each turn with
 * its model, latency, tokens and finish reason, the tool calls it asked for, and the execution's
 * token usage. The model is a scripted fake on 127.0.0.1 (the e2e service allows private outbound
 * addresses), the tool a local HTTP server.
 */
let model: FakeModel;
let tool: Server;
let toolUrl: string;

test.beforeAll(async () => {
  model = await FakeModel.start();
  tool = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"customer":"<b>Acme</b>"}'),
    );
  });
  await new Promise<void>((resolve) => tool.listen(0, '127.0.0.1', resolve));
  toolUrl = `http://127.0.0.1:${(tool.address() as AddressInfo).port}/lookup`;
});
test.afterAll(async () => {
  await model?.close();
  await new Promise((resolve) => tool?.close(resolve));
});

test("an llm step's model calls and tool calls on the execution's page", async ({ page }) => {
  model.script(
    {
      tool_calls: [{ name: 'lookup', arguments: { email: 'jane@acme.io' }, id: 'c1' }],
      usage: [120, 15],
    },
    { content: { intent: 'buy', urgency: 'high' }, usage: [180, 12] },
  );
  const agent = await createAgent(unique('Reader'), {
    kind: 'workflow',
    config: {
      steps: [
        {
          id: 'read',
          type: 'llm',
          base_url: model.url,
          model: 'fake-model',
          prompt: '{% "Read: " & $input.message %}',
          output_schema: {
            type: 'object',
            properties: { intent: { type: 'string' }, urgency: { type: 'string' } },
            required: ['intent', 'urgency'],
          },
          tools: [
            {
              name: 'lookup',
              parameters: {
                type: 'object',
                properties: { email: { type: 'string' } },
                required: ['email'],
              },
              http: { url: toolUrl },
            },
          ],
        },
      ],
    },
  });
  const run = await apiCall('POST', `/agents/${agent.id}/trigger`, {
    body: { input: { message: 'We want 50 seats this week' } },
  });
  expect(run.status).toBe(200);
  expect(run.body.status).toBe('completed');

  await signIn(page);
  await page.goto(`/dashboard/executions/${run.body.execution_id}`);
  await expect(page.getByTestId('execution-usage')).toHaveText('300 prompt + 27 completion');
  const steps = page.getByRole('table', { name: 'Steps of this execution' });
  const step = steps.locator('tr[data-step="read"]');
  await expect(step).toContainText('300 prompt + 27 completion tokens');
  await step.getByText('2 model calls').click();
  const calls = step.getByRole('list', { name: 'Model calls of step read' });
  const first = calls.locator('li[data-turn="1"]');
  await expect(first).toContainText('Turn 1');
  await expect(first).toContainText('fake-model');
  await expect(first).toContainText('120 + 15 tokens');
  await expect(first).toContainText('tool_calls');
  const lookup = first.locator('li[data-tool="lookup"]');
  await expect(lookup).toContainText('completed');
  await expect(lookup).toContainText('HTTP 200');
  await lookup.getByText('Arguments and result').click();
  await expect(lookup.getByLabel('Arguments of lookup')).toContainText('"email": "jane@acme.io"');
  // The tool's answer is the run's data: shown as text, never as markup.
  await expect(lookup.getByLabel('Result of lookup')).toContainText('<b>Acme</b>');
  await expect(lookup.locator('b')).toHaveCount(0);
  const second = calls.locator('li[data-turn="2"]');
  await expect(second).toContainText('180 + 12 tokens');
  await expect(second).toContainText('stop');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).include('[data-testid="steps"]').analyze();
    expect(results.violations, scheme).toEqual([]);
  }
});
