import type { DataSource } from 'typeorm';

/** Columns that change on requests that are rightly refused (a key is "used" when it authenticates). */
const VOLATILE_COLUMNS = new Set(['api_keys.last_used_at']);

/**
 * Everything the service has stored, as one string: every row of every table (ordered by
 * primary key, volatile columns left out). Two equal fingerprints mean no state changed.
 * Meant for the small databases of the test suites.
 */
export async function stateFingerprint(dataSource: DataSource): Promise<string> {
  const parts: string[] = [];
  for (const meta of [...dataSource.entityMetadatas].sort((a, b) =>
    a.tableName.localeCompare(b.tableName),
  )) {
    const columns = meta.columns
      .map((column) => column.databaseName)
      .filter((name) => !VOLATILE_COLUMNS.has(`${meta.tableName}.${name}`));
    const keys = meta.primaryColumns.map((column) => column.databaseName);
    const quote = (name: string) => dataSource.driver.escape(name);
    const rows: unknown[] = await dataSource.query(
      `SELECT ${columns.map(quote).join(', ')} FROM ${quote(meta.tableName)} ORDER BY ${keys
        .map(quote)
        .join(', ')}`,
    );
    parts.push(`${meta.tableName}:${rows.length}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

/** Row counts of every table, for a readable difference when fingerprints differ. */
export async function tableCounts(dataSource: DataSource): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const meta of dataSource.entityMetadatas) {
    const [row] = (await dataSource.query(
      `SELECT COUNT(*) AS n FROM ${dataSource.driver.escape(meta.tableName)}`,
    )) as { n: number | string }[];
    counts[meta.tableName] = Number(row.n);
  }
  return counts;
}
