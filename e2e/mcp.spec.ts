import type { Page } from '@playwright/test';
import { state } from './support/env';
import {
  apiCall,
  createAgent,
  expect,
  openSettings,
  signIn,
  test,
  unique,
} from './support/fixtures';

/** A tool name no other spec's agent holds (tool names are unique among an account's tools). */
const toolName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const SCHEMA = {
  type: 'object',
  properties: { order_id: { type: 'string', description: 'The order to look up' } },
  required: ['order_id'],
};

async function openMcpPanel(page: Page, agentId: string) {
  await signIn(page);
  await page.goto(`/dashboard/agents/${agentId}`);
  const panel = page.getByRole('region', { name: 'Available over MCP' });
  await expect(panel.locator('.json-editor')).toHaveAttribute('aria-busy', 'false');
  return panel;
}

test('make an agent an MCP tool: name, description and input schema are saved', async ({
  page,
}) => {
  const agent = await createAgent(unique('Order lookup'), {
    kind: 'http-request',
    config: { url: 'https://example.com/orders' },
  });
  const panel = await openMcpPanel(page, agent.id);
  const name = toolName('look_up_order');
  await panel.getByLabel('List this agent as an MCP tool').check();
  await panel.getByLabel('Tool name').fill(name);
  await panel.getByLabel('Tool description').fill('Answers the status of an order');
  await panel.getByLabel('Input schema (JSON Schema)').fill(JSON.stringify(SCHEMA));
  await panel.getByRole('button', { name: 'Save MCP settings' }).click();
  await expect(panel.getByText('MCP settings saved.')).toBeVisible();

  const saved = (await apiCall('GET', `/agents/${agent.id}`)).body;
  expect(saved.mcp).toEqual({
    enabled: true,
    name,
    description: 'Answers the status of an order',
  });
  expect(saved.input_schema).toEqual(SCHEMA);
  // The form shows what was saved (the schema formatted), with nothing left to save.
  await expect(panel.getByLabel('Tool name')).toHaveValue(name);
  await expect(panel.getByLabel('Input schema (JSON Schema)')).toContainText('"order_id"');
  await expect(panel.getByRole('button', { name: 'Save MCP settings' })).toBeDisabled();

  // Off again: the tool leaves the list, its name and schema stay.
  await panel.getByLabel('List this agent as an MCP tool').uncheck();
  await panel.getByRole('button', { name: 'Save MCP settings' }).click();
  await expect(panel.getByText('MCP settings saved.')).toBeVisible();
  const off = (await apiCall('GET', `/agents/${agent.id}`)).body;
  expect(off.mcp).toMatchObject({ enabled: false, name });
  expect(off.input_schema).toEqual(SCHEMA);
});

test('a lead-qualification agent shows the kind’s default input schema', async ({ page }) => {
  const agent = await createAgent(unique('Leads'));
  const fromApi = (await apiCall('GET', `/agents/${agent.id}`)).body.input_schema;
  expect(Object.keys(fromApi.properties)).toEqual(['email', 'name', 'company', 'phone', 'message']);
  const panel = await openMcpPanel(page, agent.id);
  const editor = panel.getByLabel('Input schema (JSON Schema)');
  for (const field of Object.keys(fromApi.properties)) {
    await expect(editor).toContainText(`"${field}"`);
  }
  await expect(editor).toContainText('"additionalProperties": true');
});

test('a bad input schema, or a tool name taken, shows the error at its field', async ({ page }) => {
  const taken = toolName('taken');
  await createAgent(unique('Holder'), { mcp: { enabled: true, name: taken } });
  const agent = await createAgent(unique('Schema errors'), {
    kind: 'http-request',
    config: { url: 'https://example.com/a' },
  });
  const panel = await openMcpPanel(page, agent.id);
  const editor = panel.getByLabel('Input schema (JSON Schema)');
  const schemaError = panel.locator('#agent-mcp-schema-error');
  const save = panel.getByRole('button', { name: 'Save MCP settings' });

  // Not JSON: refused in the page, at the field.
  await editor.fill('{"type": "object",');
  await save.click();
  await expect(schemaError).toContainText('not valid JSON');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');

  // JSON, but not a JSON Schema: the API's 400, at the field.
  await editor.fill('{"type": "object", "properties": {"email": {"type": "mail"}}}');
  await save.click();
  await expect(schemaError).toContainText('not a valid JSON Schema');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // A root that is not an object.
  await editor.fill('{"type": "string"}');
  await save.click();
  await expect(schemaError).toContainText('"type": "object"');
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.input_schema).toBeNull();

  // A tool name another enabled agent holds: the API's 409, at the name.
  await editor.fill('');
  await panel.getByLabel('List this agent as an MCP tool').check();
  await panel.getByLabel('Tool name').fill(taken);
  await save.click();
  await expect(panel.locator('#agent-mcp-name-error')).toContainText(taken);
  await expect(schemaError).toHaveCount(0);
  expect((await apiCall('GET', `/agents/${agent.id}`)).body.mcp.enabled).toBe(false);
});

test('Settings shows the MCP URL and a client configuration without a key', async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const panel = page.getByRole('region', { name: 'MCP', exact: true });
  const url = `${state().base}/v2/mcp`;
  await expect(panel.getByTestId('mcp-url')).toHaveText(url);
  const snippet = panel.getByLabel('Client configuration (JSON)', { exact: true });
  const text = await snippet.innerText();
  expect(JSON.parse(text)).toEqual({
    mcpServers: {
      agents: {
        type: 'http',
        url,
        headers: { Authorization: 'Bearer <your API key>' },
      },
    },
  });
  expect(text).not.toContain(state().apiKey);
  await expect(panel.getByRole('button', { name: 'Copy MCP URL' })).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'Copy Client configuration (JSON)' }),
  ).toBeVisible();
});

test('“List tools” lists the enabled agents as a client sees them, not a disabled one', async ({
  page,
}) => {
  const listed = toolName('listed');
  const hidden = toolName('hidden');
  await createAgent(unique('Listed'), {
    kind: 'http-request',
    config: { url: 'https://example.com/listed' },
    input_schema: SCHEMA,
    mcp: { enabled: true, name: listed, description: 'Looks up an order' },
  });
  const other = await createAgent(unique('Hidden'), { mcp: { enabled: false, name: hidden } });
  await signIn(page);
  await openSettings(page);
  const panel = page.getByRole('region', { name: 'MCP', exact: true });
  await panel.getByRole('button', { name: 'List tools' }).click();
  const tools = panel.getByRole('list', { name: 'MCP tools' });
  const tool = tools.getByRole('listitem').filter({ hasText: listed });
  await expect(tool).toContainText('Looks up an order');
  await expect(tools.getByRole('listitem').filter({ hasText: 'get_execution' })).toHaveCount(1);
  await expect(tools).not.toContainText(hidden);

  // The schema, folded until asked for.
  const schema = tool.getByLabel(`Input schema of ${listed}`);
  await expect(schema).toBeHidden();
  await tool.getByText('Input schema').click();
  await expect(schema).toBeVisible();
  expect(JSON.parse(await schema.innerText())).toEqual(SCHEMA);

  // Once enabled, the other agent is listed the next time.
  const patched = await apiCall('PATCH', `/agents/${other.id}`, {
    body: { mcp: { enabled: true } },
  });
  expect(patched.status).toBe(200);
  await panel.getByRole('button', { name: 'List tools again' }).click();
  await expect(tools.getByRole('listitem').filter({ hasText: hidden })).toHaveCount(1);
});
