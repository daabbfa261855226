import { createHmac } from 'node:crypto';
import { safeEqual } from '../../common/crypto';

/** Standard Webhooks: how far `webhook-timestamp` may be from now, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const SECRET_PREFIX = 'whsec_';
const TIMESTAMP = /^\d{1,15}$/;

/**
 * `X-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed with the whole `whsec_…`
 * string (docs/api.md, Inbound webhook). Constant-time (after a length check, which leaks nothing).
 */
export function verifyHexSignature(secret: string, rawBody: Buffer, header: string): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
  return safeEqual(expected, header);
}

export interface StandardWebhookHeaders {
  id: string;
  timestamp: string;
  signature: string;
}

export type StandardWebhookResult = 'valid' | 'invalid' | 'stale';

/**
 * The Standard Webhooks form: `webhook-signature` holds space-separated `v1,<base64>`
 * entries, each an HMAC-SHA256 keyed with the base64-decoded part of the secret after
 * `whsec_`, over `{webhook-id}.{webhook-timestamp}.{raw body}`; any one match passes. A
 * timestamp (unix seconds) more than 5 minutes from `nowMs` either way is `stale`.
 */
export function verifyStandardWebhook(
  secret: string,
  rawBody: Buffer,
  headers: StandardWebhookHeaders,
  nowMs: number,
): StandardWebhookResult {
  if (!TIMESTAMP.test(headers.timestamp)) return 'invalid';
  const skew = Math.abs(Math.floor(nowMs / 1000) - Number(headers.timestamp));
  if (skew > TIMESTAMP_TOLERANCE_SECONDS) return 'stale';
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  if (key.length === 0) return 'invalid';
  const expected = createHmac('sha256', key)
    .update(`${headers.id}.${headers.timestamp}.`)
    .update(rawBody)
    .digest('base64');
  let matched = false;
  for (const entry of headers.signature.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
    // Every candidate is compared (no early exit), so timing does not tell which one matched.
    if (safeEqual(expected, entry.slice(comma + 1))) matched = true;
  }
  return matched ? 'valid' : 'invalid';
}
