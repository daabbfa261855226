import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent, SeededAgent } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

const FORM = 'application/x-www-form-urlencoded';

/**
 * What Chromium sends for a lead form (`<form method="post" enctype="…urlencoded">`) with an
 * accented name, a textarea over two lines, two ticked boxes of one name and a consent box:
 * `+` for spaces, CRLF line breaks, UTF-8 percent-escapes, repeated names in order.
 */
const HTML_FORM_BODY = [
  'email=jane%40acme.io',
  'name=Zo%C3%AB+Dupr%C3%A9',
  'company=Acme+%26+Sons',
  'message=Interested+in+pricing%21%0D%0A50+seats%2C+maybe+more.',
  'interests=crm',
  'interests=api',
  'consent=on',
  'utm_source=',
].join('&');
const HTML_FORM_FIELDS = {
  email: 'jane@acme.io',
  name: 'Zoë Dupré',
  company: 'Acme & Sons',
  message: 'Interested in pricing!\r\n50 seats, maybe more.',
  interests: ['crm', 'api'],
  consent: 'on',
  utm_source: '',
};

const hexSignature = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Form posts to the inbound webhook: fields as strings, repeats as arrays, signed raw bytes. */
describe('inbound webhook: application/x-www-form-urlencoded', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService({ THROTTLE_SECOND_MS: '1' });
    ({ key } = await t.seedAccount({ plan: 'pro' }));
  });
  afterAll(async () => t?.close());

  const executions = () => t.service.dataSource.getRepository(Execution);
  const inputOf = async (executionId: string) =>
    (await executions().findOneByOrFail({ id: executionId })).input;
  /** Sends `body` as its exact bytes (no serialiser: a Buffer would become `0=97&1=…`). */
  const postForm = (agent: SeededAgent, body: string | Buffer, type = FORM) =>
    t
      .webhook()
      .post(agent.path)
      .set('Content-Type', type)
      .serialize((value: unknown) => value as string)
      .send(body as string);

  describe('every webhook_auth mode', () => {
    it('none: a real HTML form body becomes an object of strings, repeats as arrays', async () => {
      const agent = await seedAgent(t, key);
      const res = await postForm(agent, HTML_FORM_BODY).expect(202);
      expect(await inputOf(res.body.executionId)).toEqual(HTML_FORM_FIELDS);
      // The execution shows the same object through the API.
      const read = await t
        .api()
        .get(`/v2/executions/${res.body.executionId}`)
        .set(bearer(key))
        .expect(200);
      expect(read.body.input).toEqual(HTML_FORM_FIELDS);
    });

    it("none: curl --data's form (no charset, raw UTF-8 bytes) is accepted too", async () => {
      const agent = await seedAgent(t, key);
      const res = await postForm(agent, 'email=a@b.com&name=Zoë').expect(202);
      expect(await inputOf(res.body.executionId)).toEqual({ email: 'a@b.com', name: 'Zoë' });
      const charset = await postForm(agent, 'a=1', `${FORM}; charset=UTF-8`).expect(202);
      expect(await inputOf(charset.body.executionId)).toEqual({ a: '1' });
    });

    it('api_key: needs the X-API-Key like a JSON body', async () => {
      const agent = await seedAgent(t, key, { webhookAuth: 'api_key' });
      await postForm(agent, HTML_FORM_BODY).expect(401);
      const res = await postForm(agent, HTML_FORM_BODY).set('X-API-Key', agent.apiKey!).expect(202);
      expect(await inputOf(res.body.executionId)).toEqual(HTML_FORM_FIELDS);
    });

    it('signature: X-Signature over the raw form bytes; a re-encoding of the same fields fails', async () => {
      const agent = await seedAgent(t, key, { webhookAuth: 'signature' });
      const secret = agent.signingSecret!;
      const res = await postForm(agent, HTML_FORM_BODY)
        .set('X-Signature', hexSignature(secret, HTML_FORM_BODY))
        .expect(202);
      expect(await inputOf(res.body.executionId)).toEqual(HTML_FORM_FIELDS);
      // Same fields, other bytes (%20 for +): the signature of the original does not cover it.
      const reencoded = HTML_FORM_BODY.replace(/\+/g, '%20');
      await postForm(agent, reencoded)
        .set('X-Signature', hexSignature(secret, HTML_FORM_BODY))
        .expect(401);
      // Nor does a signature of the fields as JSON.
      await postForm(agent, HTML_FORM_BODY)
        .set('X-Signature', hexSignature(secret, JSON.stringify(HTML_FORM_FIELDS)))
        .expect(401);
      await postForm(agent, HTML_FORM_BODY)
        .set('X-Hub-Signature-256', hexSignature(secret, HTML_FORM_BODY))
        .expect(202);
    });

    it('signature: Standard Webhooks over the raw form bytes, deduplicated by webhook-id', async () => {
      const agent = await seedAgent(t, key, { webhookAuth: 'signature' });
      const sender = new Webhook(agent.signingSecret!);
      const at = new Date();
      const headers = {
        'webhook-id': 'msg_form_1',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': sender.sign('msg_form_1', at, HTML_FORM_BODY),
      };
      const first = await postForm(agent, HTML_FORM_BODY).set(headers).expect(202);
      expect(await inputOf(first.body.executionId)).toEqual(HTML_FORM_FIELDS);
      const again = await postForm(agent, HTML_FORM_BODY).set(headers).expect(200);
      expect(again.body.executionId).toBe(first.body.executionId);
      await postForm(agent, `${HTML_FORM_BODY}&extra=1`).set(headers).expect(401);
    });
  });

  describe('hardening', () => {
    let agent: SeededAgent;
    beforeAll(async () => {
      agent = await seedAgent(t, key);
    });

    it('keeps prototype keys as plain fields, polluting nothing', async () => {
      const body = '__proto__=x&constructor=y&toString=z&__proto__%5Bpolluted%5D=1&a%5Bb%5D=c';
      const res = await postForm(agent, body).expect(202);
      const input = (await inputOf(res.body.executionId)) as Record<string, unknown>;
      expect(Object.keys(input).sort()).toEqual(
        ['__proto__', '__proto__[polluted]', 'a[b]', 'constructor', 'toString'].sort(),
      );
      expect(Object.getOwnPropertyDescriptor(input, '__proto__')?.value).toBe('x');
      expect(input.constructor).toBe('y');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // A repeated __proto__ is an array of strings like any other name.
      const repeated = await postForm(agent, '__proto__=1&__proto__=2').expect(202);
      const stored = (await inputOf(repeated.body.executionId)) as Record<string, unknown>;
      expect(Object.getOwnPropertyDescriptor(stored, '__proto__')?.value).toEqual(['1', '2']);
    });

    it('refuses malformed escapes and bytes that are not UTF-8 with 400 invalid_request', async () => {
      const before = await executions().countBy({});
      const bad: (string | Buffer)[] = [
        'a=%zz',
        'a=%',
        'a=%E0%A4',
        'a=%ED%A0%80',
        '%C3=1',
        Buffer.from([0x61, 0x3d, 0xff, 0xfe]),
      ];
      for (const body of bad) {
        const res = await postForm(agent, body);
        expect({ body: String(body), status: res.status }).toEqual({
          body: String(body),
          status: 400,
        });
        expect(res.body.error.code).toBe('invalid_request');
      }
      expect(await executions().countBy({})).toBe(before);
    });

    it('takes at most 1000 fields', async () => {
      const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=${i}`).join('&');
      const res = await postForm(agent, fields(1000)).expect(202);
      expect(Object.keys((await inputOf(res.body.executionId)) as object)).toHaveLength(1000);
      const over = await postForm(agent, fields(1001)).expect(400);
      expect(over.body.error).toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('1000 fields'),
      });
      // Repeats count: 1001 values of one name are refused too.
      await postForm(agent, Array.from({ length: 1001 }, () => 'x=1').join('&')).expect(400);
    });

    it('refuses a form over 1 MiB with 413 and accepts one just under it', async () => {
      const over = `pad=${'x'.repeat(1024 * 1024)}`;
      await postForm(agent, over).expect(413);
      const under = `pad=${'x'.repeat(1024 * 1024 - 10)}`;
      await postForm(agent, under).expect(202);
    });

    it('skips empty pairs and takes a name without = as an empty string', async () => {
      const res = await postForm(agent, '&a=1&&flag&b=&').expect(202);
      expect(await inputOf(res.body.executionId)).toEqual({ a: '1', flag: '', b: '' });
    });

    it('answers any form text with 202 (fields of strings) or 400, never anything else', async () => {
      const piece = fc.oneof(
        fc.constantFrom(
          '&',
          '=',
          '+',
          '%',
          '%2',
          '%zz',
          '%C3%A9',
          '%ED%A0%80',
          '%00',
          '[]',
          '__proto__',
        ),
        fc.string({ maxLength: 6 }),
        fc.string({ unit: 'grapheme', maxLength: 4 }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(piece, { maxLength: 12 }), async (pieces) => {
          const body = pieces.join('');
          const res = await postForm(agent, body);
          if (res.status === 202) {
            const input = (await inputOf(res.body.executionId)) as Record<string, unknown>;
            for (const value of Object.values(input)) {
              const values = Array.isArray(value) ? value : [value];
              expect(values.every((item) => typeof item === 'string')).toBe(true);
            }
            return;
          }
          expect([400, 413], body).toContain(res.status);
          expect(res.body.error.code).toBe(
            res.status === 400 ? 'invalid_request' : 'payload_too_large',
          );
        }),
        { numRuns: 60 },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('still refuses a form on the REST listener with 415', async () => {
      const res = await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .set('Content-Type', FORM)
        .send('name=x')
        .expect(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
    });
  });
});
