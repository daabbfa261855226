import { MysqlInitial1763780000000 } from './mysql/1763780000000-Initial';
import { MysqlBinaryWebhookKeys1763783000000 } from './mysql/1763783000000-BinaryWebhookKeys';
import { SqliteInitial1763780000000 } from './sqlite/1763780000000-Initial';
import { MysqlCallbackPayload1763785000000 } from './mysql/1763785000000-CallbackPayload';
import { SqliteCallbackPayload1763785000000 } from './sqlite/1763785000000-CallbackPayload';
import { MysqlCallbackDeliveryExecutionIndex1763786000000 } from './mysql/1763786000000-CallbackDeliveryExecutionIndex';
import { SqliteCallbackDeliveryExecutionIndex1763786000000 } from './sqlite/1763786000000-CallbackDeliveryExecutionIndex';
import { MysqlStatsTriggers1763790000000 } from './mysql/1763790000000-StatsTriggers';
import { SqliteStatsTriggers1763790000000 } from './sqlite/1763790000000-StatsTriggers';
import { MysqlDashboardUsersSessions1763900400000 } from './mysql/1763900400000-DashboardUsersSessions';
import { SqliteDashboardUsersSessions1763900400000 } from './sqlite/1763900400000-DashboardUsersSessions';
import { MysqlExecutionsAccountIndex1763900500000 } from './mysql/1763900500000-ExecutionsAccountIndex';
import { SqliteExecutionsAccountIndex1763900500000 } from './sqlite/1763900500000-ExecutionsAccountIndex';

/**
 * Migrations in order, one list per driver (column types differ between SQLite and MySQL).
 * To add one: change the entities, then generate against a database migrated to the
 * current head, once per driver:
 *   DATABASE_PATH=/tmp/x.sqlite npm run migration:generate -- src/database/migrations/sqlite/<Name>
 *   DATABASE_URL=mysql://... npm run migration:generate -- src/database/migrations/mysql/<Name>
 * rename the classes `Sqlite<Name>…` / `Mysql<Name>…`, and list them here. (Triggers, which
 * TypeORM does not model, are written by hand: see StatsTriggers.)
 */
export const SQLITE_MIGRATIONS: Function[] = [
  SqliteInitial1763780000000,
  SqliteCallbackPayload1763785000000,
  SqliteCallbackDeliveryExecutionIndex1763786000000,
  SqliteStatsTriggers1763790000000,
  SqliteDashboardUsersSessions1763900400000,
  SqliteExecutionsAccountIndex1763900500000,
];
export const MYSQL_MIGRATIONS: Function[] = [
  MysqlInitial1763780000000,
  MysqlBinaryWebhookKeys1763783000000,
  MysqlCallbackPayload1763785000000,
  MysqlCallbackDeliveryExecutionIndex1763786000000,
  MysqlStatsTriggers1763790000000,
  MysqlDashboardUsersSessions1763900400000,
  MysqlExecutionsAccountIndex1763900500000,
];
