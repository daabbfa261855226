import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeModel } from './support/fake-model';
import { bearer, startTestService, type TestService } from './support/service';
import { agentCalls } from './support/workflows';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const TOOL_TOKEN = 'mcp-token-5f3c9a1e77';

/** An MCP server made with the SDK (stateless Streamable HTTP), recording what it is asked. */
async function startToolServer() {
  const calls: { name: string; arguments: unknown; headers: IncomingHttpHeaders }[] = [];
  const methods: string[] = [];
  const http: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString();
      const body = text ? JSON.parse(text) : undefined;
      if (body?.method) methods.push(body.method);
      const server = new Server({ name: 'crm', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [
          {
            name: 'lookup',
            description: 'Finds a customer',
            inputSchema: { type: 'object', properties: { email: { type: 'string' } } },
          },
          { name: 'structured', inputSchema: { type: 'object' } },
          { name: 'broken', inputSchema: { type: 'object' } },
          { name: 'echo_auth', inputSchema: { type: 'object' } },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        calls.push({
          name: request.params.name,
          arguments: request.params.arguments,
          headers: req.headers,
        });
        switch (request.params.name) {
          case 'lookup':
            return {
              content: [
                { type: 'text', text: 'Jane is a customer' },
                { type: 'text', text: 'since 2021' },
              ],
            };
          case 'structured':
            return { content: [], structuredContent: { plan: 'pro' } };
          case 'echo_auth':
            return { content: [{ type: 'text', text: `you sent ${req.headers.authorization}` }] };
          default:
            return { content: [{ type: 'text', text: 'CRM is down' }], isError: true };
        }
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  return {
    url,
    calls,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** `llm` steps with `mcp_servers`: the tools of an MCP server offered to the model. */
describe('llm steps: mcp_servers', () => {
  let t: TestService;
  let key: string;
  let model: FakeModel;
  let tools: Awaited<ReturnType<typeof startToolServer>>;

  beforeAll(async () => {
    [model, tools] = await Promise.all([FakeModel.start(), startToolServer()]);
    t = await startTestService({ LLM_BASE_URL: model.url, LLM_MODEL: 'fake-model' });
    key = (await t.seedAccount()).key;
    await t
      .api()
      .put('/v2/secrets/CRM_TOKEN')
      .set(bearer(key))
      .send({ value: TOOL_TOKEN })
      .expect(200);
  });
  beforeEach(() => {
    model.reset();
    tools.calls.length = 0;
    tools.methods.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([model?.close(), tools?.close()]);
  });

  const { createAgent, trigger, execution, invalid } = agentCalls(() => ({ t, key }));
  const llmAgent = (step: Json) => ({
    name: 'MCP LLM',
    kind: 'workflow',
    config: { steps: [{ id: 'ask', type: 'llm', prompt: 'Who is Jane?', ...step }] },
  });
  const server = (extra: Json = {}) => ({
    url: tools.url,
    headers: { Authorization: 'Bearer {{secrets.CRM_TOKEN}}' },
    ...extra,
  });

  it('offers the server’s tools, forwards a call as tools/call, and gives its text to the model', async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: { email: 'jane@acme.io' }, id: 'c1' }] },
      { content: 'Jane is a customer since 2021' },
    );
    const agent = await createAgent(llmAgent({ mcp_servers: [server()] }));
    const run = await trigger(agent.id, {});
    expect(run.output).toEqual({ text: 'Jane is a customer since 2021' });
    const offered = model.requests[0].body.tools!.map((tool) => tool.function.name);
    expect(offered).toEqual(['lookup', 'structured', 'broken', 'echo_auth']);
    expect(model.requests[0].body.tools![0].function.parameters).toEqual({
      type: 'object',
      properties: { email: { type: 'string' } },
    });
    expect(tools.calls).toEqual([
      expect.objectContaining({ name: 'lookup', arguments: { email: 'jane@acme.io' } }),
    ]);
    expect(tools.calls[0].headers.authorization).toBe(`Bearer ${TOOL_TOKEN}`);
    // Listed once for the attempt: one tools/list whatever the number of turns.
    expect(tools.methods.filter((method) => method === 'tools/list')).toHaveLength(1);
    const toolMessage = model.requests[1].body.messages.find((m) => m.role === 'tool');
    expect(toolMessage).toMatchObject({
      tool_call_id: 'c1',
      content: 'Jane is a customer\nsince 2021',
    });
    const record = await execution(run.execution_id);
    expect(record.steps[0].llm.calls[0].tool_calls).toEqual([
      expect.objectContaining({ id: 'c1', name: 'lookup', status: 'completed' }),
    ]);
    const messages = record.logs.map((entry: Json) => entry.message);
    expect(messages).toContainEqual(
      expect.stringMatching(/^MCP tool lookup \(127\.0\.0\.1:\d+\) answered in \d+ ms$/),
    );
  });

  it('offers only the tools named; structuredContent when no text; isError flags the call as failed; secrets redacted', async () => {
    model.script(
      {
        tool_calls: [
          { name: 'structured', arguments: {}, id: 's1' },
          { name: 'broken', arguments: {}, id: 'b1' },
          { name: 'echo_auth', arguments: {}, id: 'e1' },
        ],
      },
      { content: 'done' },
    );
    const agent = await createAgent(
      llmAgent({ mcp_servers: [server({ tools: ['structured', 'broken', 'echo_auth'] })] }),
    );
    const run = await trigger(agent.id, {});
    expect(run.status).toBe('completed');
    expect(model.requests[0].body.tools!.map((tool) => tool.function.name)).toEqual([
      'structured',
      'broken',
      'echo_auth',
    ]);
    const messages = model.requests[1].body.messages.filter((m) => m.role === 'tool');
    expect(messages.map((m) => m.content)).toEqual([
      '{"plan":"pro"}',
      'CRM is down',
      'you sent Bearer [redacted]',
    ]);
    const record = await execution(run.execution_id);
    const calls = record.steps[0].llm.calls[0].tool_calls;
    expect(calls.map((call: Json) => call.status)).toEqual(['completed', 'failed', 'completed']);
    expect(JSON.stringify(record)).not.toContain(TOOL_TOKEN);
  });

  it('an unreachable server or an unknown named tool fails the step with mcp_error', async () => {
    const unreachable = await createAgent(
      llmAgent({ mcp_servers: [{ url: 'http://127.0.0.1:1/mcp' }] }),
    );
    const run = await trigger(unreachable.id, {});
    expect(run.status).toBe('failed');
    expect(run.error).toMatchObject({ code: 'mcp_error', step: 'ask' });
    expect(model.requests).toHaveLength(0);
    const missing = await createAgent(llmAgent({ mcp_servers: [server({ tools: ['nope'] })] }));
    const second = await trigger(missing.id, {});
    expect(second.error).toMatchObject({ code: 'mcp_error' });
    expect(second.error.message).toContain('nope');
  });

  it('refuses a bad mcp_servers at its JSON path', async () => {
    await invalid(
      llmAgent({ mcp_servers: Array.from({ length: 6 }, () => ({ url: tools.url })) }),
      'config.steps[0].mcp_servers',
    );
    await invalid(
      llmAgent({ mcp_servers: [{ url: 'ftp://x.io' }] }),
      'config.steps[0].mcp_servers[0].url',
    );
    await invalid(
      llmAgent({ mcp_servers: [{ url: tools.url, tools: ['bad name'] }] }),
      'config.steps[0].mcp_servers[0].tools[0]',
    );
    await invalid(
      llmAgent({ mcp_servers: [{ url: tools.url, extra: 1 }] }),
      'config.steps[0].mcp_servers[0].extra',
    );
  });
});
