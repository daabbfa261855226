/**
 * How deeply JSON documents may nest (`{}` is depth 1, `{"a":[]}` depth 2). Request bodies
 * and agent outputs are stored in JSON columns, and MariaDB's `json_valid` (the CHECK on
 * every JSON column) refuses documents nested 32 levels or more; callback payloads wrap an
 * execution's input and output two levels deeper (`payload.data.input`). 24 leaves room for
 * that and is far beyond what real webhook payloads use. It also keeps every later
 * `JSON.stringify` (recursive) far from the stack limit.
 */
export const MAX_JSON_DEPTH = 24;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when the JSON text in `raw` nests deeper than `max`. One pass over the bytes, before
 * parsing, stopping at the first level too deep (brackets inside strings do not count; a
 * string's content is skipped with `indexOf`, so a body of long strings costs little). The
 * text need not be valid JSON: malformed input is left to the parser.
 */
export function jsonTextTooDeep(raw: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      // The closing quote: the next one not escaped (preceded by an even run of backslashes).
      for (;;) {
        const end = bytes.indexOf(QUOTE, i + 1);
        if (end < 0) return false;
        let backslashes = 0;
        while (bytes[end - 1 - backslashes] === BACKSLASH) backslashes++;
        i = end;
        if (backslashes % 2 === 0) break;
      }
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** True when a value (a parsed document, a kind's output) nests deeper than `max`. */
export function jsonValueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

const LONE_SURROGATE = /\p{Cs}/u;
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * True when a parsed body holds a string or key with a lone UTF-16 surrogate (`"\ud800"`):
 * valid JSON text, but not Unicode, so MariaDB's `json_valid` refuses to store it. Only
 * bodies whose raw text carries a surrogate escape are walked.
 */
export function jsonHasLoneSurrogate(rawText: string, value: unknown): boolean {
  return (
    SURROGATE_ESCAPE.test(rawText) &&
    anyLeaf(value, (leaf) => typeof leaf === 'string' && LONE_SURROGATE.test(leaf))
  );
}

/** Whether a string, key or number of a parsed JSON value meets `hit` (a walk without recursion). */
function anyLeaf(value: unknown, hit: (leaf: string | number) => boolean): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string' || typeof current === 'number') {
      if (hit(current)) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (hit(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Text that may hold a number past a double's range: a 3-digit exponent or a long digit run.
 * A run is only tried from its first digit (the lookbehind): tried from each of its digits, a
 * 1 MiB body of 199-digit numbers took half a second to scan instead of 14 ms.
 */
const MAYBE_HUGE_NUMBER = /[eE][+-]?\d{3}|(?<!\d)\d{200}/;

/**
 * True when a parsed body holds a number JSON.parse could only read as ±Infinity (`1e400`):
 * valid JSON text, but it would be stored and returned as `null`. Only bodies whose raw text
 * could hold one are walked.
 */
export function jsonHasHugeNumber(rawText: string, value: unknown): boolean {
  return (
    MAYBE_HUGE_NUMBER.test(rawText) &&
    anyLeaf(value, (leaf) => typeof leaf === 'number' && !Number.isFinite(leaf))
  );
}
