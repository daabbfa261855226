import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_QUALIFICATION_INPUT_SCHEMA } from '../src/agents/input-schema';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { Execution } from '../src/executions/execution.entity';
import { connect, type McpClient } from './support/mcp-clients';
import { startSlowTarget, type SlowTarget } from './support/slow-target';
import { bearer, listenOnPorts, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

const HOT_LEAD = {
  email: 'jane@acme.io',
  name: 'Jane Doe',
  company: 'Acme',
  phone: '+1 555 123 4567',
  message: 'We would like a demo and pricing',
};

describe('MCP server: {BASE_URL}/mcp with both official clients', () => {
  let t: TestService;
  let url: string;
  let key: string;
  let accountId: string;
  let readOnlyKey: string;
  let noReadKey: string;
  let otherKey: string;
  let slow: SlowTarget;
  const agents: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestService({ MCP_WAIT_MS: '700' });
    const { api } = await listenOnPorts(t);
    url = `http://127.0.0.1:${api}/v2/mcp`;
    ({ key, accountId } = await t.seedAccount());
    ({ key: readOnlyKey } = await t.seedAccount({ scopes: ['agents:read', 'executions:read'] }));
    ({ key: noReadKey } = await t.seedAccount({ scopes: ['agents:trigger', 'executions:read'] }));
    ({ key: otherKey } = await t.seedAccount());
    slow = await startSlowTarget(2500);
    const create = async (name: string, body: Record<string, unknown>, as = key) => {
      const res = await t
        .api()
        .post('/v2/agents')
        .set(bearer(as))
        .send({ name, ...body })
        .expect(201);
      agents[name] = res.body.id;
    };
    await create('Qualify lead', { mcp: { enabled: true, description: 'Scores a lead' } });
    await create('Not a tool', {});
    await create('Strict', {
      kind: 'http-request',
      config: { url: `${slow.url}/strict` },
      input_schema: {
        type: 'object',
        properties: { order: { type: 'integer' } },
        required: ['order'],
      },
      mcp: { enabled: true, name: 'strict_order' },
    });
    await create('Slow call', {
      kind: 'http-request',
      config: { url: `${slow.url}/slow` },
      mcp: { enabled: true },
    });
    await create('Pause then answer', {
      kind: 'workflow',
      config: {
        steps: [
          { id: 'pause', type: 'wait', duration_ms: 1000 },
          { id: 'answer', type: 'transform', value: { done: true } },
        ],
      },
      mcp: { enabled: true, name: 'pause_then_answer' },
    });
    await create('Paused tool', { mcp: { enabled: true } });
    await t
      .api()
      .patch(`/v2/agents/${agents['Paused tool']}`)
      .set(bearer(key))
      .send({ status: 'paused' })
      .expect(200);
    await create('Stranger tool', { mcp: { enabled: true, name: 'qualify_lead' } }, otherKey);
  });
  afterAll(async () => {
    await slow?.close();
    await t?.close();
  });

  for (const line of ['sdk 1.x', 'client 2.x'] as const) {
    describe(line, () => {
      let client: McpClient;
      beforeAll(async () => {
        client = await connect(line, url, key);
      });
      afterAll(async () => client?.close());

      it('tools/list: the active agents with mcp.enabled, oldest first, then get_execution', async () => {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([
          'qualify_lead',
          'strict_order',
          'slow_call',
          'pause_then_answer',
          'get_execution',
        ]);
        expect(tools[0]).toEqual({
          name: 'qualify_lead',
          description: 'Scores a lead',
          inputSchema: LEAD_QUALIFICATION_INPUT_SCHEMA,
        });
        expect(tools[2].inputSchema).toEqual({ type: 'object' });
        expect(tools[2].description).toContain('Slow call');
        expect(tools[4].inputSchema).toMatchObject({ required: ['execution_id'] });
      });

      it('tools/call: runs the agent (source mcp) and answers its output', async () => {
        const result = await client.callTool('qualify_lead', HOT_LEAD);
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({
          qualified: true,
          score: 100,
          tier: 'hot',
        });
        expect(result.content).toHaveLength(1);
        expect(JSON.parse(result.content[0].text!)).toEqual(result.structuredContent);
        const rows = await t.service.dataSource
          .getRepository(Execution)
          .findBy({ agentId: agents['Qualify lead'] });
        expect(rows.at(-1)?.source).toBe('mcp');
      });

      it('a failing agent is a tool error with its code and message', async () => {
        const result = await client.callTool('qualify_lead', { name: 'No e-mail' });
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({ error: { code: 'invalid_input' } });
        expect(result.content[0].text).toContain('invalid_input');
      });

      it('arguments that break the input schema are a tool error, and start nothing', async () => {
        const before = await t.service.dataSource
          .getRepository(Execution)
          .countBy({ agentId: agents['Strict'] });
        const result = await client.callTool('strict_order', { order: 'one' });
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({
          error: { code: 'invalid_request', field: 'input.order' },
        });
        expect(
          await t.service.dataSource
            .getRepository(Execution)
            .countBy({ agentId: agents['Strict'] }),
        ).toBe(before);
      });

      it('unknown and paused tools are tool errors', async () => {
        const unknown = await client.callTool('no_such_tool', {});
        expect(unknown.isError).toBe(true);
        expect(unknown.structuredContent).toMatchObject({ error: { code: 'not_found' } });
        const paused = await client.callTool('paused_tool', HOT_LEAD);
        expect(paused.isError).toBe(true);
        expect(paused.structuredContent).toMatchObject({ error: { code: 'agent_paused' } });
      });

      it('a run longer than the wait answers a handle; get_execution answers its record', async () => {
        const result = await client.callTool('slow_call', { a: 1 });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual({
          execution_id: expect.stringMatching(/^exe_/),
          status: 'running',
        });
        expect(result.content[0].text).toContain('get_execution');
        const id = result.structuredContent!.execution_id as string;
        const done = await waitFor(
          () => client.callTool('get_execution', { execution_id: id }),
          (r) => r.structuredContent?.status === 'completed',
        );
        expect(done.structuredContent).toMatchObject({
          id,
          agent_id: agents['Slow call'],
          source: 'mcp',
          output: { status_code: 200, body: { ok: true } },
        });
        expect(done.structuredContent).not.toHaveProperty('logs');
      });

      it('a run that waits answers at once with status waiting', async () => {
        const started = Date.now();
        const result = await client.callTool('pause_then_answer', {});
        expect(Date.now() - started).toBeLessThan(900);
        expect(result.structuredContent).toMatchObject({ status: 'waiting' });
        const id = result.structuredContent!.execution_id as string;
        const done = await waitFor(
          () => client.callTool('get_execution', { execution_id: id }),
          (r) => r.structuredContent?.status === 'completed',
        );
        expect(done.structuredContent).toMatchObject({ output: { done: true } });
      });

      it('another account: its tools are not listed and its executions are not found', async () => {
        const stranger = await connect(line, url, otherKey);
        try {
          const { tools } = await stranger.listTools();
          expect(tools.map((tool) => tool.name)).toEqual(['qualify_lead', 'get_execution']);
          const mine = await client.callTool('qualify_lead', HOT_LEAD);
          expect(mine.isError).toBeFalsy();
          const [own] = await t.service.dataSource
            .getRepository(Execution)
            .find({ where: { accountId }, order: { createdAt: 'DESC' }, take: 1 });
          const foreign = await stranger.callTool('get_execution', { execution_id: own.id });
          expect(foreign.isError).toBe(true);
          expect(foreign.structuredContent).toMatchObject({ error: { code: 'not_found' } });
        } finally {
          await stranger.close();
        }
      });

      it('a key without agents:trigger lists, but its calls are tool errors', async () => {
        const reader = await connect(line, url, readOnlyKey);
        try {
          expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual([
            'get_execution',
          ]);
          const result = await reader.callTool('get_execution', { execution_id: 'exe_none' });
          expect(result.structuredContent).toMatchObject({ error: { code: 'not_found' } });
        } finally {
          await reader.close();
        }
      });

      it('no key or a key without agents:read cannot connect', async () => {
        await expect(connect(line, url, null)).rejects.toThrow();
        await expect(connect(line, url, 'aas_not_a_key')).rejects.toThrow();
        await expect(connect(line, url, noReadKey)).rejects.toThrow();
      });
    });
  }

  it('a key without agents:trigger gets a tool error from tools/call', async () => {
    // A key of the owner account (whose agents are tools) without agents:trigger.
    const limited = await t.service.api!.get(ApiKeysService).create(accountId, ['agents:read']);
    for (const line of ['sdk 1.x', 'client 2.x'] as const) {
      const client = await connect(line, url, limited.key);
      try {
        const result = await client.callTool('qualify_lead', HOT_LEAD);
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({ error: { code: 'forbidden' } });
        const read = await client.callTool('get_execution', { execution_id: 'exe_x' });
        expect(read.structuredContent).toMatchObject({ error: { code: 'forbidden' } });
      } finally {
        await client.close();
      }
    }
  });

  describe('over plain HTTP', () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      t
        .api()
        .post('/v2/mcp')
        .set({ Accept: 'application/json, text/event-stream', ...headers })
        .send(body as object);
    const initialize = (protocolVersion: string) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    });

    it('401 without or with an invalid key, 403 without agents:read, in the error envelope', async () => {
      const missing = await post(initialize('2025-11-25')).expect(401);
      expect(missing.body.error.code).toBe('unauthorized');
      await post(initialize('2025-11-25'), bearer('aas_nope')).expect(401);
      const forbidden = await post(initialize('2025-11-25'), bearer(noReadKey)).expect(403);
      expect(forbidden.body.error.code).toBe('forbidden');
    });

    it('negotiates 2025-06-18 and 2025-11-25, issues no session id, and is rate limited per request', async () => {
      for (const version of ['2025-06-18', '2025-11-25']) {
        const res = await post(initialize(version), bearer(key)).expect(200);
        expect(res.body.result.protocolVersion).toBe(version);
        expect(res.body.result.capabilities.tools).toBeDefined();
        expect(res.headers['mcp-session-id']).toBeUndefined();
      }
      // No initialize needed first: any process answers any request.
      const list = await post(
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { ...bearer(key), 'MCP-Protocol-Version': '2025-06-18' },
      ).expect(200);
      expect(list.body.result.tools.at(-1).name).toBe('get_execution');
      expect(list.headers['x-ratelimit-limit']).toBeUndefined(); // enterprise: unlimited
    });

    it('a body that is not a JSON-RPC message is 400 in the error envelope; GET is 405', async () => {
      const res = await post({ hello: 'world' }, bearer(key)).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'jsonrpc' });
      await t.api().get('/v2/mcp').set(bearer(key)).expect(405);
    });

    it('a plain Accept: */* client gets JSON', async () => {
      const res = await t
        .api()
        .post('/v2/mcp')
        .set(bearer(key))
        .send({ jsonrpc: '2.0', id: 3, method: 'tools/list' })
        .expect(200);
      expect(res.body.result.tools.length).toBeGreaterThan(1);
    });

    it('what the transport would refuse outside the envelope is a 4xx in the error envelope', async () => {
      const list = { jsonrpc: '2.0', id: 4, method: 'tools/list' };
      // A +json type is JSON like everywhere else; any Accept gets JSON.
      for (const headers of [
        { 'Content-Type': 'application/vnd.api+json' },
        { Accept: 'text/html' },
        { Accept: 'application/json' },
      ]) {
        const res = await t
          .api()
          .post('/v2/mcp')
          .set({ ...bearer(key), ...headers })
          .send(JSON.stringify(list))
          .set('Content-Type', headers['Content-Type'] ?? 'application/json');
        expect(res.status, `${JSON.stringify(headers)} ${res.text}`).toBe(200);
        expect(res.body.result.tools.length, JSON.stringify(headers)).toBeGreaterThan(1);
      }
      const version = await post(list, { ...bearer(key), 'MCP-Protocol-Version': '1999-01-01' });
      expect(version.status).toBe(400);
      expect(version.body.error).toMatchObject({
        code: 'invalid_request',
        field: 'mcp-protocol-version',
      });
    });

    it('a renamed agent is listed and called under its new derived name; tools sharing a schema each show it', async () => {
      const { key: own } = await t.seedAccount();
      const created: string[] = [];
      for (const name of ['First qualifier', 'Second qualifier']) {
        const res = await t
          .api()
          .post('/v2/agents')
          .set(bearer(own))
          .send({ name, mcp: { enabled: true } })
          .expect(201);
        created.push(res.body.id);
      }
      await t
        .api()
        .patch(`/v2/agents/${created[0]}`)
        .set(bearer(own))
        .send({ name: 'Renamed qualifier' })
        .expect(200);
      const list = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, bearer(own)).expect(
        200,
      );
      const tools = list.body.result.tools as { name: string; inputSchema: unknown }[];
      expect(tools.map((tool) => tool.name)).toEqual([
        'renamed_qualifier',
        'second_qualifier',
        'get_execution',
      ]);
      expect(tools[0].inputSchema).toEqual(LEAD_QUALIFICATION_INPUT_SCHEMA);
      expect(tools[1].inputSchema).toEqual(LEAD_QUALIFICATION_INPUT_SCHEMA);
      const call = await post(
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'tools/call',
          params: { name: 'renamed_qualifier', arguments: HOT_LEAD },
        },
        bearer(own),
      ).expect(200);
      expect(call.body.result.isError).toBeFalsy();
    });
  });
});
