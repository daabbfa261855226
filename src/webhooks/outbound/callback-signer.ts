import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * The headers of one callback attempt (docs/api.md, Outgoing webhooks (callbacks)). With a `whsec_`
 * secret they carry two signatures over the same bytes: `X-Signature` (GitHub style: hex
 * HMAC-SHA256 of the raw body keyed with the whole secret string) and the Standard Webhooks
 * `webhook-signature` (base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the bytes after
 * `whsec_`).
 * `previousSecrets` (a webhook endpoint's secret during the overlap after a rotation) add
 * their signatures to `webhook-signature`, space-separated as the specification allows, so a
 * receiver holding either secret verifies; `X-Signature` carries the current secret's only.
 */
export function callbackHeaders(input: {
  id: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  body: string;
  secret: string | null;
  previousSecrets?: readonly string[];
}): Record<string, string> {
  const timestamp = String(input.timestamp);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-webhook-id': input.id,
    'x-webhook-timestamp': timestamp,
  };
  if (!input.secret) return headers;
  headers['x-signature'] =
    `sha256=${createHmac('sha256', input.secret).update(input.body).digest('hex')}`;
  headers['webhook-id'] = input.id;
  headers['webhook-timestamp'] = timestamp;
  headers['webhook-signature'] = [input.secret, ...(input.previousSecrets ?? [])]
    .map((secret) => `v1,${standardWebhooksSignature(secret, input.id, timestamp, input.body)}`)
    .join(' ');
  return headers;
}

function standardWebhooksSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}
