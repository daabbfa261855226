/**
 * The value of one sample in a Prometheus text exposition, or undefined when absent.
 * `labels` must match exactly the sample's label set (order does not matter).
 */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (found === wanted) return Number(match[3]);
  }
  return undefined;
}
