import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type Browser } from './support/dashboard';
import { bearer, startTestService, type TestService } from './support/service';

/** What a client sends to the MCP endpoint (the dashboard's "List tools" sends the same). */
const MCP_HEADERS = {
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

/**
 * The dashboard's MCP panel (Settings): the MCP address from `GET /v2/account`, and its tool
 * list from `POST /v2/mcp` itself with the session cookie, so that it shows exactly what a
 * client with a key of the account lists.
 */
describe('dashboard: the MCP address and tools/list with a session', () => {
  let t: TestService;
  let key: string;
  let owner: Browser;
  let member: Browser;

  beforeAll(async () => {
    t = await startTestService({ TRUST_PROXY: 'true' });
    const seeded = await t.seedAccount({ plan: 'pro' });
    key = seeded.key;
    owner = await signIn(t, (await createUser(t, seeded.accountId, { role: 'owner' })).email);
    member = await signIn(t, (await createUser(t, seeded.accountId, { role: 'member' })).email);
    for (const body of [
      { name: 'Listed', mcp: { enabled: true, description: 'Scores a lead' } },
      { name: 'Not listed' },
    ]) {
      await t.api().post('/v2/agents').set(bearer(key)).send(body).expect(201);
    }
  });
  afterAll(async () => t?.close());

  it('answers the MCP address with the account, to a session as to a key', async () => {
    const asSession = await t.api().get('/v2/account').set(owner.headers()).expect(200);
    expect(asSession.body.mcp_url).toBe('http://localhost:3000/v2/mcp');
    const asKey = await t.api().get('/v2/account').set(bearer(key)).expect(200);
    expect(asKey.body.mcp_url).toBe(asSession.body.mcp_url);
  });

  it('lists the same tools to an owner’s or a member’s session as to an API key', async () => {
    const asKey = await t.api().post('/v2/mcp').set(bearer(key)).set(MCP_HEADERS).send(LIST);
    expect(asKey.status).toBe(200);
    const names = asKey.body.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(['listed', 'get_execution']);
    for (const session of [owner, member]) {
      const res = await t
        .api()
        .post('/v2/mcp')
        .set(session.headers())
        .set(MCP_HEADERS)
        .send(LIST)
        .expect(200);
      expect(res.body).toEqual(asKey.body);
    }
  });

  it('refuses a session’s MCP request without the CSRF token or from another origin', async () => {
    const { 'X-CSRF-Token': _csrf, ...noToken } = owner.headers();
    const withoutToken = await t.api().post('/v2/mcp').set(noToken).set(MCP_HEADERS).send(LIST);
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body.error.code).toBe('forbidden');
    const elsewhere = await t
      .api()
      .post('/v2/mcp')
      .set({ ...owner.headers(), Origin: 'https://evil.example' })
      .set(MCP_HEADERS)
      .send(LIST);
    expect(elsewhere.status).toBe(403);
  });
});
