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

/** A workflow step id (the API's own rule, docs/workflows.md). */
export const STEP_ID = /^[a-z][a-z0-9_]{0,63}$/;

/** Every step id of a definition, nested steps (`branch`, `foreach`) included. */
export function stepIds(config: unknown): Set<string> {
  const ids = new Set<string>();
  const walk = (steps: unknown) => {
    if (!Array.isArray(steps)) return;
    for (const step of steps as Record<string, unknown>[]) {
      if (step === null || typeof step !== 'object') continue;
      if (typeof step.id === 'string') ids.add(step.id);
      walk(step.steps);
      walk(step.default);
      if (Array.isArray(step.cases)) {
        for (const branch of step.cases as { steps?: unknown }[]) walk(branch?.steps);
      }
    }
  };
  walk((config as { steps?: unknown } | null)?.steps);
  return ids;
}

/** The first free id of the form `base`, `base_2`, `base_3`… in a definition. */
export function freeStepId(config: unknown, base: string): string {
  const taken = stepIds(config);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}
