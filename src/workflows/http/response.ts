import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../../common/json-depth';
import type { HttpResponse } from '../context';

/**
 * The body of an answer: JSON when the answer says so and it parses (one nested too deeply to
 * be stored stays text), otherwise text.
 */
export function parseBody(response: HttpResponse): unknown {
  const type = response.headers['content-type'] ?? '';
  const mime = type.split(';')[0].trim().toLowerCase();
  const json =
    mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
  if (json && !jsonTextTooDeep(Buffer.from(response.body), MAX_JSON_DEPTH - 6)) {
    try {
      return JSON.parse(response.body);
    } catch {
      return response.body;
    }
  }
  return response.body;
}

/** `Retry-After` (seconds or an HTTP date) in milliseconds from `now`. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Where a request goes, without query or credentials (for messages and logs). */
export function describeTarget(method: string, url: string): string {
  const parsed = new URL(url);
  return `${method} ${parsed.origin}${parsed.pathname}`;
}

/** An absolute http(s) URL of at most 2048 characters (an `http` step's or a tool's). */
export function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
