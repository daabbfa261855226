import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';

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
