import { Column, ColumnOptions } from 'typeorm';

/**
 * A UTC timestamp with millisecond precision on both drivers (`datetime(3)` on MySQL,
 * ISO-like text on SQLite). The connection runs in UTC, so values round-trip exactly.
 */
export function TimestampColumn(options: ColumnOptions = {}): PropertyDecorator {
  return Column({ type: 'datetime', precision: 3, ...options });
}

/** A JSON document column: `json` on SQLite, `longtext` with a json_valid check on MariaDB. */
export function JsonColumn(options: ColumnOptions = {}): PropertyDecorator {
  return Column({ type: 'json', ...options });
}

/** Prefixed ids (`agt_` + 26 ULID characters). */
export function IdColumn(options: ColumnOptions = {}): PropertyDecorator {
  return Column({ type: 'varchar', length: 40, ...options });
}
