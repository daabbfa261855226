import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';

/** A `datetime(3)` as SQLite holds it: the UTC text TypeORM writes. */
const SQLITE_DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

/**
 * Hand-written SQL for the hot paths (intake, worker), with values converted by the driver
 * exactly as TypeORM's own queries convert them (JSON documents, timestamps), but without
 * building a query per statement: the statement texts are constant, so SQLite keeps them
 * prepared.
 */
export class RawColumns<T extends ObjectLiteral> {
  private readonly byProperty = new Map<string, ColumnMetadata>();
  private readonly metadata: EntityMetadata;

  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
  ) {
    this.metadata = dataSource.getMetadata(entity);
    for (const column of this.metadata.columns) {
      this.byProperty.set(column.propertyName, column);
    }
  }

  /** A whole row read by hand-written SQL (`SELECT *`), as TypeORM would hydrate the entity. */
  entity(row: Record<string, unknown>): T {
    const entity = this.metadata.create() as Record<string, unknown>;
    for (const column of this.metadata.columns) {
      entity[column.propertyName] = this.dataSource.driver.prepareHydratedValue(
        row[column.databaseName],
        column,
      );
    }
    return entity as T;
  }

  /** A property's value as the driver stores it. */
  persist(property: keyof T & string, value: unknown): unknown {
    return this.dataSource.driver.preparePersistentValue(value, this.column(property));
  }

  /** A raw column value read by hand-written SQL, as TypeORM would hydrate it. */
  hydrate<K extends keyof T & string>(property: K, value: unknown): T[K] {
    return this.dataSource.driver.prepareHydratedValue(value, this.column(property)) as T[K];
  }

  /**
   * A timestamp column read by hand-written SQL, as the API writes it (ISO 8601, UTC, to the
   * millisecond): what `hydrate(...).toISOString()` gives, without the Date. SQLite's text
   * (`2026-11-29 03:55:31.359`, UTC as TypeORM writes a `datetime(3)`) is rewritten; anything else
   * (MySQL's Date, another text) goes through the driver. A page of 100 agents spent about 0.1 ms
   * of CPU parsing and formatting its dates (BENCHMARKS.md, row "GET /v2/agents (100 agents)").
   */
  iso(property: keyof T & string, value: unknown): string {
    if (typeof value === 'string' && SQLITE_DATETIME.test(value)) {
      return `${value.slice(0, 10)}T${value.slice(11)}Z`;
    }
    return (this.hydrate(property, value) as Date).toISOString();
  }

  private column(property: string): ColumnMetadata {
    const column = this.byProperty.get(property);
    if (!column) throw new Error(`No column for property ${property}`);
    return column;
  }
}

/** Runs a statement in `manager`'s transaction; resolves the number of rows it changed. */
export async function execute(
  manager: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<number> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('execute() needs a transaction');
  const result = await runner.query(sql, parameters, true);
  return result.affected ?? 0;
}
