/**
 * The statuses the OpenAPI document lists for the operation a request reaches, so a suite
 * that sends many requests (bad-input) can check every answer against the document: a status
 * the server gives that the operation does not list is a gap in the document.
 */
// The document is untyped JSON, read by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Matcher {
  route: string;
  method: string;
  pattern: RegExp;
  literal: number;
  statuses: Set<number>;
}

/** `(method, path) → {route, statuses}` for the document's operations (undefined: none). */
export function documentedStatuses(doc: Json) {
  const matchers: Matcher[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!op?.responses) continue;
      const source = path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      matchers.push({
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}$`),
        literal: path.replace(/\{[^}]+\}/g, '').length,
        statuses: new Set(Object.keys(op.responses).map(Number)),
      });
    }
  }
  // The most literal template first: `/v2/agents/kinds` before `/v2/agents/{id}`.
  matchers.sort((a, b) => b.literal - a.literal);
  return (method: string, url: string): { route: string; statuses: Set<number> } | undefined => {
    // Dot segments are resolved before routing (`/v2/secrets/..` reaches `/v2/`, no
    // operation), as the URL parser does here.
    const path = new URL(url, 'http://service').pathname;
    return matchers.find((m) => m.method === method.toUpperCase() && m.pattern.test(path));
  };
}
