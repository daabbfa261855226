import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/auth/api-key.entity';
import { createUser, signIn } from './support/dashboard';
import { bearer, startTestService, type TestService } from './support/service';
import { startReceiver } from './support/workflows';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

const CRM_TOKEN = 'crm-token-0123456789-abcdef';

/** Every scope but `secrets:use`: what a key that may write agents but not use secrets has. */
const WITHOUT_SECRETS_USE = SCOPES.filter((scope) => scope !== 'secrets:use');

/**
 * The `secrets:use` scope over HTTP: a config that references `{{secrets.NAME}}` is saved or
 * test-run only by a key with the scope or an owner's session; everyone else gets 403 at the
 * reference's path, and nothing is saved or run. And short values, which redaction would
 * reveal, are refused.
 */
describe('secrets:use', () => {
  let t: TestService;
  let crm: Awaited<ReturnType<typeof startReceiver>>;
  let accountId: string;
  /** All scopes (created without a list). */
  let full: string;
  /** Every scope but secrets:use. */
  let limited: string;

  /** A test run of `agentId` with `key`. */
  const testRun = (key: string, agentId: string, body: object) =>
    t.api().post(`/v2/agents/${agentId}/test`).set(bearer(key)).send(body);

  /** A workflow whose second step sends the CRM token to the receiver. */
  const usingSecret = (): Json => ({
    steps: [
      { id: 'lead', type: 'transform', value: { email: '{% $input.email %}' } },
      {
        id: 'post',
        type: 'http',
        method: 'POST',
        url: `${crm.url}/leads`,
        headers: { Authorization: 'Bearer {{secrets.CRM_TOKEN}}' },
        body: '{% $steps.lead %}',
      },
    ],
  });
  const plain = (): Json => ({
    steps: [{ id: 'lead', type: 'transform', value: { email: '{% $input.email %}' } }],
  });
  const HEADER_PATH = 'config.steps[1].headers.Authorization';

  beforeAll(async () => {
    crm = await startReceiver(() => ({ status: 201 }));
    t = await startTestService({ TRUST_PROXY: 'true' });
    const seeded = await t.seedAccount();
    accountId = seeded.accountId;
    full = seeded.key;
    const made = await t
      .api()
      .post('/v2/api-keys')
      .set((await signIn(t, (await createUser(t, accountId)).email)).headers())
      .send({ name: 'no secrets:use', scopes: WITHOUT_SECRETS_USE })
      .expect(201);
    limited = made.body.key;
    await t
      .api()
      .put('/v2/secrets/CRM_TOKEN')
      .set(bearer(full))
      .send({ value: CRM_TOKEN })
      .expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await crm?.close();
  });

  const agentCount = async () =>
    (await t.api().get('/v2/agents').set(bearer(full)).expect(200)).body.meta.total as number;
  const expectRefused = (res: { status: number; body: Json }, field: string) => {
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', field });
  };

  it('keys made without a list, like seed:demo keys, hold secrets:use', async () => {
    const account = await t.api().get('/v2/account').set(bearer(full)).expect(200);
    expect(account.body.api_key.scopes).toContain('secrets:use');
    const created = await t
      .api()
      .post('/v2/agents')
      .set(bearer(full))
      .send({ name: 'Uses the CRM token', kind: 'workflow', config: usingSecret() })
      .expect(201);
    expect(created.body.config.steps[1].headers.Authorization).toBe('Bearer {{secrets.CRM_TOKEN}}');
  });

  it('refuses a key without it: create, PATCH and the test route, at the reference', async () => {
    const before = await agentCount();
    const create = await t
      .api()
      .post('/v2/agents')
      .set(bearer(limited))
      .send({ name: 'Sends the token away', kind: 'workflow', config: usingSecret() });
    expectRefused(create, HEADER_PATH);
    expect(create.body.error.message).toContain('"secrets:use"');
    expect(create.body.error.message).toContain('{{secrets.CRM_TOKEN}}');
    expect(await agentCount()).toBe(before);

    // An llm step's api_key, nested in a branch: the path names it.
    const llm = await t
      .api()
      .post('/v2/agents')
      .set(bearer(limited))
      .send({
        name: 'Uses the model key',
        kind: 'workflow',
        config: {
          steps: [
            {
              id: 'pick',
              type: 'branch',
              cases: [
                {
                  when: true,
                  steps: [
                    {
                      id: 'ask',
                      type: 'llm',
                      model: 'gpt-4o-mini',
                      api_key: '{{secrets.CRM_TOKEN}}',
                      prompt: 'hi',
                    },
                  ],
                },
              ],
            },
          ],
        },
      });
    expectRefused(llm, 'config.steps[0].cases[0].steps[0].api_key');

    // Without a reference the same key saves, renames and tests.
    const mine = await t
      .api()
      .post('/v2/agents')
      .set(bearer(limited))
      .send({ name: 'Plain', kind: 'workflow', config: plain() })
      .expect(201);
    const patch = await t
      .api()
      .patch(`/v2/agents/${mine.body.id}`)
      .set(bearer(limited))
      .send({ config: usingSecret() });
    expectRefused(patch, HEADER_PATH);
    const still = await t.api().get(`/v2/agents/${mine.body.id}`).set(bearer(full)).expect(200);
    expect(still.body.version).toBe(1);
    expect(still.body.config).toEqual(plain());

    const received = crm.received.length;
    const test = await testRun(limited, mine.body.id, {
      input: { email: 'a@b.io' },
      config: usingSecret(),
    });
    expectRefused(test, HEADER_PATH);
    expect(crm.received.length).toBe(received);
    await testRun(limited, mine.body.id, { input: { email: 'a@b.io' } }).expect(200);
  });

  it('refuses the test route of an agent whose own config references a secret', async () => {
    const agent = await t
      .api()
      .post('/v2/agents')
      .set(bearer(full))
      .send({ name: 'Owner-made', kind: 'workflow', config: usingSecret() })
      .expect(201);
    const received = crm.received.length;
    const refused = await testRun(limited, agent.body.id, { input: { email: 'a@b.io' } });
    expectRefused(refused, HEADER_PATH);
    expect(crm.received.length).toBe(received);
    // A config of its own in the body does not lift the rule: the agent's config uses a secret.
    const withDraft = await testRun(limited, agent.body.id, {
      input: { email: 'a@b.io' },
      config: plain(),
    });
    expectRefused(withDraft, HEADER_PATH);
    expect(crm.received.length).toBe(received);
    // Its name and status still change without the scope: no config is saved.
    await t
      .api()
      .patch(`/v2/agents/${agent.body.id}`)
      .set(bearer(limited))
      .send({ name: 'Renamed by the limited key' })
      .expect(200);
    // The full key runs it; the receiver got the token, the step's echo shows it redacted.
    const ran = await testRun(full, agent.body.id, { input: { email: 'a@b.io' } }).expect(200);
    expect(ran.body.status).toBe('completed');
    expect(crm.received.at(-1)!.headers.authorization).toBe(`Bearer ${CRM_TOKEN}`);
    expect(JSON.stringify(ran.body)).not.toContain(CRM_TOKEN);
    expect(JSON.stringify(ran.body)).toContain('Bearer [redacted]');
  });

  it('in the dashboard: an owner saves and tests such a config, a member is told why not', async () => {
    const owner = await signIn(t, (await createUser(t, accountId, { role: 'owner' })).email);
    const member = await signIn(t, (await createUser(t, accountId, { role: 'member' })).email);
    const byOwner = await t
      .api()
      .post('/v2/agents')
      .set(owner.headers())
      .send({ name: 'Saved by an owner', kind: 'workflow', config: usingSecret() })
      .expect(201);
    await t
      .api()
      .post(`/v2/agents/${byOwner.body.id}/test`)
      .set(owner.headers())
      .send({ input: { email: 'a@b.io' } })
      .expect(200);

    const create = await t
      .api()
      .post('/v2/agents')
      .set(member.headers())
      .send({ name: 'Saved by a member', kind: 'workflow', config: usingSecret() });
    expectRefused(create, HEADER_PATH);
    expect(create.body.error.message).toMatch(/only an account owner/i);
    const patch = await t
      .api()
      .patch(`/v2/agents/${byOwner.body.id}`)
      .set(member.headers())
      .send({ config: { ...usingSecret(), steps: usingSecret().steps.slice().reverse() } });
    expectRefused(patch, 'config.steps[0].headers.Authorization');
    const test = await t
      .api()
      .post(`/v2/agents/${byOwner.body.id}/test`)
      .set(member.headers())
      .send({ input: { email: 'a@b.io' } });
    expectRefused(test, HEADER_PATH);
    // A member still edits configs without secrets, and may remove the reference.
    await t
      .api()
      .patch(`/v2/agents/${byOwner.body.id}`)
      .set(member.headers())
      .send({ config: plain() })
      .expect(200);
  });

  it('refuses values short enough to be found by their redaction; long ones are redacted whole', async () => {
    // 4709,4710,[redacted],4712 would tell the value of a 4-digit secret.
    const short = await t
      .api()
      .put('/v2/secrets/PIN')
      .set(bearer(full))
      .send({ value: '4711' })
      .expect(400);
    expect(short.body.error).toMatchObject({ code: 'invalid_request', field: 'value' });
    expect(short.body.error.message).toContain('16 characters');

    const numbers = Array.from({ length: 9000 }, (_, i) => String(1000 + i)).join(',');
    const agent = await t
      .api()
      .post('/v2/agents')
      .set(bearer(full))
      .send({
        name: 'Lists numbers after using a secret',
        kind: 'workflow',
        config: {
          steps: [
            ...usingSecret().steps,
            {
              id: 'numbers',
              type: 'transform',
              value: '{% $join([1000..9999].$string(), ",") %}',
            },
          ],
          output: { numbers: '{% $steps.numbers %}' },
        },
      })
      .expect(201);
    const ran = await testRun(full, agent.body.id, { input: { email: 'a@b.io' } }).expect(200);
    expect(ran.body.status).toBe('completed');
    expect(ran.body.output.numbers).toBe(numbers);
  });
});
