/**
 * Where a JSON path the API names (`config.steps[0].value.email`) is in the editor's text:
 * the 1-based line its value starts on, when the text is laid out as `JSON.stringify(…, null, 2)`
 * lays it out (the editor's own format). A path that does not exist (a missing field) is
 * placed at its nearest existing parent. `undefined` when the text is not in that layout.
 */
export function lineOfPath(text: string, path: string): number | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (JSON.stringify(value, null, 2) !== text.trim()) return undefined;
  const lines = new Map<string, number>();
  let line = 1;
  const walk = (v: unknown, at: string) => {
    lines.set(at, line);
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((item, i) => [`${at}[${i}]`, item])
      : v !== null && typeof v === 'object'
        ? Object.entries(v).map(([key, item]) => [`${at}.${key}`, item])
        : [];
    if (entries.length === 0) return;
    for (const [next, item] of entries) {
      line++;
      walk(item, next);
    }
    line++; // the closing bracket
  };
  walk(value, 'config');
  for (let p = path; p; p = p.replace(/(\.[^.[\]]*|\[\d+\])$/, '')) {
    const found = lines.get(p);
    if (found !== undefined) return found;
    if (!/(\.[^.[\]]*|\[\d+\])$/.test(p)) break;
  }
  return undefined;
}
