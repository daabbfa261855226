import type { DataSource } from 'typeorm';

/**
 * Takes a database at the head back to the state before the migration named `name` (its
 * `down`, and its record removed), so that the next `npm run migrate` applies it as an upgrade
 * would. Only for migrations whose later ones do not depend on them.
 */
export async function undoMigration(dataSource: DataSource, name: string): Promise<void> {
  const migration = dataSource.migrations.find((m) =>
    (m.name ?? m.constructor.name).includes(name),
  );
  if (!migration) throw new Error(`No migration named like ${name}`);
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
  } finally {
    await runner.release();
  }
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const deleted = await dataSource
    .createQueryBuilder()
    .delete()
    .from(table)
    .where('name = :name', { name: migration.name ?? migration.constructor.name })
    .execute();
  if (deleted.affected === 0) throw new Error(`${name} was not recorded as run`);
}
