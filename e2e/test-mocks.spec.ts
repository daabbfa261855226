import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeModel } from '../test/support/fake-model';
import { createAgent, expect, signIn, test, unique } from './support/fixtures';

/**
 * "Don't call out" in a workflow's test run: its `http` and `llm` steps, nested ones too,
 * mocked with an editable sample output each, so that the CRM and the model hear nothing;
 * unticked, the test calls them for real.
 */
let model: FakeModel;
let crm: Server;
let crmUrl: string;
let crmRequests = 0;

test.beforeAll(async () => {
  model = await FakeModel.start();
  crm = createServer((req, res) => {
    crmRequests++;
    req.resume();
    req.on('end', () =>
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"crm_real"}'),
    );
  });
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`;
});
test.afterAll(async () => {
  await model?.close();
  await new Promise((resolve) => crm?.close(resolve));
});

function leadFlow() {
  return {
    steps: [
      {
        id: 'read_lead',
        type: 'llm',
        base_url: model.url,
        model: 'fake-model',
        prompt: '{% "Read: " & $input.message %}',
        output_schema: {
          type: 'object',
          properties: { intent: { type: 'string' }, seats: { type: 'integer' } },
          required: ['intent', 'seats'],
        },
      },
      {
        id: 'route',
        type: 'branch',
        cases: [
          {
            when: '{% $input.hot %}',
            steps: [
              {
                id: 'post_to_crm',
                type: 'http',
                method: 'POST',
                url: crmUrl,
                body: { intent: '{% $steps.read_lead.intent %}' },
              },
            ],
          },
        ],
      },
    ],
    output: { crm: '{% $steps.post_to_crm.body.id %}', intent: '{% $steps.read_lead.intent %}' },
  };
}

test("a test run mocks the http and llm steps by default, with each step's editable sample", async ({
  page,
}) => {
  const agent = await createAgent(unique('Lead flow'), { kind: 'workflow', config: leadFlow() });
  const modelCalls = model.requests.length;
  const crmCalls = crmRequests;
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const panel = page.getByRole('region', { name: 'Run test' });
  const offline = panel.getByRole('checkbox', { name: /Don't call out/ });
  await expect(offline).toBeChecked();
  // A sample per calling step, nested ones included: the llm's from its output_schema.
  const llm = panel.getByLabel('Sample output of read_lead (llm)');
  const http = panel.getByLabel('Sample output of post_to_crm (http)');
  expect(JSON.parse(await llm.inputValue())).toEqual({ intent: '', seats: 0 });
  expect(JSON.parse(await http.inputValue())).toEqual({ status_code: 200, headers: {}, body: {} });

  await llm.fill('{"intent": "purchase", "seats": 50}');
  await http.fill('{"status_code": 201, "headers": {}, "body": {"id": "crm_sample"}}');
  await panel.getByLabel('Test input').fill('{"message": "50 seats please", "hot": true}');
  await panel.getByRole('button', { name: 'Run test' }).click();
  const result = panel.getByTestId('test-result');
  await expect(result.getByTestId('test-status')).toHaveText('completed');
  await expect(result.getByLabel('Test output')).toContainText('"crm": "crm_sample"');
  await expect(result.getByLabel('Test output')).toContainText('"intent": "purchase"');
  const steps = result.getByRole('table', { name: 'Steps of the test run' });
  for (const id of ['read_lead', 'post_to_crm']) {
    await expect(steps.locator(`tr[data-step="${id}"]`)).toContainText('mocked');
  }
  await expect(steps.locator('tr[data-step="route"]')).not.toContainText('mocked');
  const scan = await new AxeBuilder({ page })
    .include('#test-title')
    .include('.test-mocks')
    .analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  expect(model.requests.length).toBe(modelCalls);
  expect(crmRequests).toBe(crmCalls);

  // A sample that is not JSON is refused at its field; nothing is sent.
  await http.fill('{"status_code": ');
  await panel.getByRole('button', { name: 'Run test' }).click();
  await expect(panel.locator('#mock-post_to_crm-error')).toContainText('not valid JSON');
  expect(crmRequests).toBe(crmCalls);

  // Unticked, the steps call out for real.
  model.script({ content: { intent: 'browse', seats: 1 } });
  await offline.uncheck();
  await expect(http).toHaveCount(0);
  await expect(panel.getByText('The test calls out for real')).toBeVisible();
  await panel.getByRole('button', { name: 'Run test' }).click();
  await expect(result.getByLabel('Test output')).toContainText('"crm": "crm_real"');
  await expect(result.getByLabel('Test output')).toContainText('"intent": "browse"');
  await expect(steps.locator('tr[data-step="post_to_crm"]')).not.toContainText('mocked');
  expect(model.requests.length).toBe(modelCalls + 1);
  expect(crmRequests).toBe(crmCalls + 1);
});
