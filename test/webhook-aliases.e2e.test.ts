import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgent, SeededAgent } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

/**
 * The lead fields of an inbound payload (docs/api.md, Agent kinds): the canonical names and every
 * alias, in the order they are looked up. Each payload below uses one name per field; together they
 * cover every name.
 */
const CASES: { payload: Record<string, unknown>; lead: Record<string, string | null> }[] = [
  {
    payload: {
      email: 'ana@acme.io',
      name: 'Ana Lima',
      company: 'Acme',
      phone: '+1 555 010 0000',
      message: 'Pricing please',
    },
    lead: {
      email: 'ana@acme.io',
      name: 'Ana Lima',
      company: 'Acme',
      phone: '+1 555 010 0000',
      message: 'Pricing please',
    },
  },
  {
    payload: {
      email_address: 'bo@globex.com',
      full_name: 'Bo Chen',
      company_name: 'Globex',
      phone_number: '555-0101',
      content: 'A demo?',
    },
    lead: {
      email: 'bo@globex.com',
      name: 'Bo Chen',
      company: 'Globex',
      phone: '555-0101',
      message: 'A demo?',
    },
  },
  {
    payload: {
      user_email: 'cy@initech.dev',
      contact_name: 'Cy Park',
      organization: 'Initech',
      tel: '0049 30 1234567',
      body: 'Send a quote',
    },
    lead: {
      email: 'cy@initech.dev',
      name: 'Cy Park',
      company: 'Initech',
      phone: '0049 30 1234567',
      message: 'Send a quote',
    },
  },
  {
    payload: { user_email: 'di@umbrella.org', inquiry: 'Budget approved', extra: { any: 1 } },
    lead: {
      email: 'di@umbrella.org',
      name: null,
      company: null,
      phone: null,
      message: 'Budget approved',
    },
  },
  {
    // First non-empty string in the spec's order wins, trimmed; non-strings are skipped.
    payload: {
      user_email: 'last@acme.io',
      email_address: '  first@acme.io  ',
      email: '   ',
      name: 42,
      full_name: '',
      contact_name: ' Eve ',
      company: null,
      company_name: 'Hooli',
      organization: 'Ignored',
    },
    lead: {
      email: 'first@acme.io',
      name: 'Eve',
      company: 'Hooli',
      phone: null,
      message: null,
    },
  },
];

describe('inbound webhook: payload aliases reach the lead-qualification agent', () => {
  let t: TestService;
  let key: string;
  let agent: SeededAgent;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
    agent = await seedAgent(t, key);
  });
  afterAll(async () => t?.close());

  /** The execution once it reached a final state (polled, 10 s deadline). */
  const finished = async (id: string): Promise<Record<string, unknown>> => {
    const res = await waitFor(
      () => t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200),
      (r) => ['completed', 'failed', 'cancelled'].includes(r.body.status),
    );
    return res.body;
  };

  it.each(CASES.map((c) => [Object.keys(c.payload).join(', '), c] as const))(
    'maps %s into output.lead',
    async (_, { payload, lead }) => {
      const ack = await t.webhook().post(agent.path).send(payload).expect(202);
      const execution = await finished(ack.body.executionId);
      expect(execution).toMatchObject({
        status: 'completed',
        source: 'webhook',
        input: payload,
        output: { lead },
      });
    },
  );

  it('fails the execution (not the webhook) when no alias carries a valid email', async () => {
    const ack = await t
      .webhook()
      .post(agent.path)
      .send({ mail: 'ana@acme.io', name: 'Ana' })
      .expect(202);
    const execution = await finished(ack.body.executionId);
    expect(execution).toMatchObject({ status: 'failed', error: { code: 'invalid_input' } });
  });
});
