import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../json-depth';

/** The most of a failed answer's body kept in a record. */
export const MAX_FAILED_BODY_BYTES = 64 * 1024;

/**
 * The answer of a request that failed with an HTTP status (`http_error`), as its record
 * keeps it: the status, the headers and the body (JSON when it says so, is whole and parses;
 * otherwise text cut at MAX_FAILED_BODY_BYTES, `truncated` saying so).
 */
export interface FailedAnswer {
  status_code: number;
  headers: Record<string, string>;
  body: unknown;
  truncated: boolean;
}

export function failedAnswer(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
  truncated = false,
): FailedAnswer {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const bytes = Buffer.from(text);
  const cut = truncated || bytes.length > MAX_FAILED_BODY_BYTES;
  const kept = bytes.length > MAX_FAILED_BODY_BYTES ? cutUtf8(bytes) : text;
  const mime = (flat['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const json =
    mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
  let body: unknown = kept;
  if (json && !cut && !jsonTextTooDeep(bytes, MAX_JSON_DEPTH - 8)) {
    try {
      body = JSON.parse(kept);
    } catch {
      body = kept;
    }
  }
  return { status_code: status, headers: flat, body, truncated: cut };
}

/** The first MAX_FAILED_BODY_BYTES of `bytes` as text, never ending inside a character. */
function cutUtf8(bytes: Buffer): string {
  let end = MAX_FAILED_BODY_BYTES;
  // Back off continuation bytes (10xxxxxx) so that the cut falls between characters.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
