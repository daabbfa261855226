import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret } from '../../src/common/crypto';
import {
  verifyHexSignature,
  verifyStandardWebhook,
} from '../../src/webhooks/inbound/webhook-signatures';

const secret = newSigningSecret();
const body = Buffer.from('{"email":"ana@acme.io"}');
const T = 1_800_000_000; // a fixed unix time (seconds)

const standard = (id: string, seconds: number, payload = body) => ({
  id,
  timestamp: String(seconds),
  signature: new Webhook(secret).sign(id, new Date(seconds * 1000), payload.toString()),
});

describe('verifyHexSignature', () => {
  it('accepts sha256=<hex> keyed with the whole whsec_ string, nothing else', () => {
    const hex = createHmac('sha256', secret).update(body).digest('hex');
    expect(verifyHexSignature(secret, body, `sha256=${hex}`)).toBe(true);
    expect(verifyHexSignature(secret, body, hex)).toBe(false);
    expect(verifyHexSignature(secret, body, `sha256=${hex.toUpperCase()}`)).toBe(false);
    expect(verifyHexSignature(secret, Buffer.from(`${body} `), `sha256=${hex}`)).toBe(false);
    expect(verifyHexSignature(secret, body, '')).toBe(false);
  });
});

describe('verifyStandardWebhook', () => {
  it('accepts exactly 5 minutes of skew either way, and no more', () => {
    const headers = standard('msg_1', T);
    expect(verifyStandardWebhook(secret, body, headers, T * 1000)).toBe('valid');
    expect(verifyStandardWebhook(secret, body, headers, (T + 300) * 1000)).toBe('valid');
    expect(verifyStandardWebhook(secret, body, headers, (T - 300) * 1000)).toBe('valid');
    expect(verifyStandardWebhook(secret, body, headers, (T + 301) * 1000)).toBe('stale');
    expect(verifyStandardWebhook(secret, body, headers, (T - 301) * 1000)).toBe('stale');
  });

  it('refuses malformed timestamps and empty or unknown signature entries', () => {
    const headers = standard('msg_2', T);
    const at = T * 1000;
    for (const timestamp of ['', '-1', '1e9', `${T}.0`, ` ${T}`, `${T}x`]) {
      expect(verifyStandardWebhook(secret, body, { ...headers, timestamp }, at)).toBe('invalid');
    }
    for (const signature of ['', 'v1,', 'v1', headers.signature.replace('v1,', 'v1a,')]) {
      expect(verifyStandardWebhook(secret, body, { ...headers, signature }, at)).toBe('invalid');
    }
  });

  it('signs over the raw bytes, so any byte of the body matters', () => {
    const raw = Buffer.from('{ "a" : 1 }');
    const headers = standard('msg_3', T, raw);
    expect(verifyStandardWebhook(secret, raw, headers, T * 1000)).toBe('valid');
    expect(verifyStandardWebhook(secret, Buffer.from('{"a":1}'), headers, T * 1000)).toBe(
      'invalid',
    );
  });
});
