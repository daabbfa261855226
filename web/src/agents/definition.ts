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

/** Selects line `line` (1-based) of a textarea and scrolls it into view. */
export function selectLine(textarea: HTMLTextAreaElement, line: number): void {
  const lines = textarea.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  const end = start + (lines[line - 1]?.length ?? 0);
  textarea.focus();
  textarea.setSelectionRange(start, end);
  const lineHeight = textarea.scrollHeight / Math.max(lines.length, 1);
  textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
}
