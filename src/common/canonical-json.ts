/**
 * JSON with object keys sorted at every level, so that two bodies that differ only in key
 * order (or whitespace) serialize, and hash, the same.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a "__proto__" key of the input is then an ordinary key (on a plain object
  // the assignment would replace its prototype and the key would vanish from the text).
  const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  }
  return sorted;
}
