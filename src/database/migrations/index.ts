import { MysqlInitial1763780000000 } from './mysql/1763780000000-Initial';
import { MysqlExecutionQueuedAt1796197000000 } from './mysql/1796197000000-ExecutionQueuedAt';
import { SqliteExecutionQueuedAt1796197000000 } from './sqlite/1796197000000-ExecutionQueuedAt';
import { MysqlBinaryWebhookKeys1763783000000 } from './mysql/1763783000000-BinaryWebhookKeys';
import { SqliteInitial1763780000000 } from './sqlite/1763780000000-Initial';
import { MysqlCallbackPayload1763785000000 } from './mysql/1763785000000-CallbackPayload';
import { SqliteCallbackPayload1763785000000 } from './sqlite/1763785000000-CallbackPayload';
import { MysqlCallbackDeliveryExecutionIndex1763786000000 } from './mysql/1763786000000-CallbackDeliveryExecutionIndex';
import { SqliteCallbackDeliveryExecutionIndex1763786000000 } from './sqlite/1763786000000-CallbackDeliveryExecutionIndex';
import { MysqlStatsTriggers1763790000000 } from './mysql/1763790000000-StatsTriggers';
import { SqliteStatsTriggers1763790000000 } from './sqlite/1763790000000-StatsTriggers';
import { MysqlDropStatsTriggers1763800000000 } from './mysql/1763800000000-DropStatsTriggers';
import { SqliteDropStatsTriggers1763800000000 } from './sqlite/1763800000000-DropStatsTriggers';
import { MysqlSecretKeyCheck1763801600000 } from './mysql/1763801600000-SecretKeyCheck';
import { SqliteSecretKeyCheck1763801600000 } from './sqlite/1763801600000-SecretKeyCheck';
import { MysqlFairClaimIndex1763801700000 } from './mysql/1763801700000-FairClaimIndex';
import { SqliteFairClaimIndex1763801700000 } from './sqlite/1763801700000-FairClaimIndex';
import { MysqlDashboardUsersSessions1763900400000 } from './mysql/1763900400000-DashboardUsersSessions';
import { SqliteDashboardUsersSessions1763900400000 } from './sqlite/1763900400000-DashboardUsersSessions';
import { MysqlFlowControl1796169646000 } from './mysql/1796169646000-FlowControl';
import { SqliteFlowControl1796169646000 } from './sqlite/1796169646000-FlowControl';
import { MysqlWaitTokens1764200100000 } from './mysql/1764200100000-WaitTokens';
import { SqliteWaitTokens1764200100000 } from './sqlite/1764200100000-WaitTokens';
import { MysqlExecutionWaits1764200000000 } from './mysql/1764200000000-ExecutionWaits';
import { SqliteExecutionWaits1764200000000 } from './sqlite/1764200000000-ExecutionWaits';
import { MysqlExecutionsAccountIndex1763900500000 } from './mysql/1763900500000-ExecutionsAccountIndex';
import { SqliteExecutionsAccountIndex1763900500000 } from './sqlite/1763900500000-ExecutionsAccountIndex';
import { MysqlAccountSecrets1764000000000 } from './mysql/1764000000000-AccountSecrets';
import { SqliteAccountSecrets1764000000000 } from './sqlite/1764000000000-AccountSecrets';
import { MysqlAgentVersions1764000100000 } from './mysql/1764000100000-AgentVersions';
import { SqliteAgentVersions1764000100000 } from './sqlite/1764000100000-AgentVersions';
import { MysqlExecutionSteps1764000200000 } from './mysql/1764000200000-ExecutionSteps';
import { MysqlWebhookEndpoints1764100000000 } from './mysql/1764100000000-WebhookEndpoints';
import { SqliteExecutionSteps1764000200000 } from './sqlite/1764000200000-ExecutionSteps';
import { MysqlModelUsage1764000700000 } from './mysql/1764000700000-ModelUsage';
import { SqliteModelUsage1764000700000 } from './sqlite/1764000700000-ModelUsage';
import { MysqlDailyStatsParts1764000750000 } from './mysql/1764000750000-DailyStatsParts';
import { SqliteDailyStatsParts1764000750000 } from './sqlite/1764000750000-DailyStatsParts';
import { SqliteWebhookEndpoints1764100000000 } from './sqlite/1764100000000-WebhookEndpoints';
import { MysqlWebhookSignatureFormats1764100400000 } from './mysql/1764100400000-WebhookSignatureFormats';
import { SqliteWebhookSignatureFormats1764100400000 } from './sqlite/1764100400000-WebhookSignatureFormats';
import { MysqlSecretsUseScope1764200300000 } from './mysql/1764200300000-SecretsUseScope';
import { SqliteSecretsUseScope1764200300000 } from './sqlite/1764200300000-SecretsUseScope';
import { MysqlUsersPerAccount1764200400000 } from './mysql/1764200400000-UsersPerAccount';
import { SqliteUsersPerAccount1764200400000 } from './sqlite/1764200400000-UsersPerAccount';
import { MysqlServiceUrls1764410000000 } from './mysql/1764410000000-ServiceUrls';
import { SqliteServiceUrls1764410000000 } from './sqlite/1764410000000-ServiceUrls';
import { MysqlSchedules1796185800000 } from './mysql/1796185800000-Schedules';
import { SqliteSchedules1796185800000 } from './sqlite/1796185800000-Schedules';
import { MysqlExecutionTags1796173000000 } from './mysql/1796173000000-ExecutionTags';
import { SqliteExecutionTags1796173000000 } from './sqlite/1796173000000-ExecutionTags';
import { MysqlBulkActions1796173100000 } from './mysql/1796173100000-BulkActions';
import { SqliteBulkActions1796173100000 } from './sqlite/1796173100000-BulkActions';
import { MysqlExecutionTraceParent1796173200000 } from './mysql/1796173200000-ExecutionTraceParent';
import { SqliteExecutionTraceParent1796173200000 } from './sqlite/1796173200000-ExecutionTraceParent';
import { MysqlExecutionChildrenIndex1796196000000 } from './mysql/1796196000000-ExecutionChildrenIndex';
import { MysqlExecutionParents1796195000000 } from './mysql/1796195000000-ExecutionParents';
import { SqliteExecutionChildrenIndex1796196000000 } from './sqlite/1796196000000-ExecutionChildrenIndex';
import { SqliteExecutionParents1796195000000 } from './sqlite/1796195000000-ExecutionParents';
import { MysqlAgentInputSchemaMcp1796172000000 } from './mysql/1796172000000-AgentInputSchemaMcp';
import { SqliteAgentInputSchemaMcp1796172000000 } from './sqlite/1796172000000-AgentInputSchemaMcp';

/**
 * Migrations in order, one list per driver (column types differ between SQLite and MySQL).
 * To add one: change the entities, then generate against a database migrated to the
 * current head, once per driver:
 *   DATABASE_PATH=/tmp/x.sqlite npm run migration:generate -- src/database/migrations/sqlite/<Name>
 *   DATABASE_URL=mysql://... npm run migration:generate -- src/database/migrations/mysql/<Name>
 * rename the classes `Sqlite<Name>…` / `Mysql<Name>…`, and list them here. Every migration must
 * run for a user with privileges on its own database only, on a server with binary logging
 * (managed MySQL): no triggers, stored routines, events or SET GLOBAL (docs/operations.md).
 */
export const SQLITE_MIGRATIONS: Function[] = [
  SqliteInitial1763780000000,
  SqliteCallbackPayload1763785000000,
  SqliteCallbackDeliveryExecutionIndex1763786000000,
  SqliteStatsTriggers1763790000000,
  SqliteDropStatsTriggers1763800000000,
  SqliteSecretKeyCheck1763801600000,
  SqliteFairClaimIndex1763801700000,
  SqliteDashboardUsersSessions1763900400000,
  SqliteExecutionsAccountIndex1763900500000,
  SqliteAccountSecrets1764000000000,
  SqliteAgentVersions1764000100000,
  SqliteExecutionSteps1764000200000,
  SqliteModelUsage1764000700000,
  SqliteDailyStatsParts1764000750000,
  SqliteWebhookEndpoints1764100000000,
  SqliteWebhookSignatureFormats1764100400000,
  SqliteExecutionWaits1764200000000,
  SqliteWaitTokens1764200100000,
  SqliteSecretsUseScope1764200300000,
  SqliteUsersPerAccount1764200400000,
  SqliteServiceUrls1764410000000,
  SqliteSchedules1796185800000,
  SqliteExecutionTags1796173000000,
  SqliteBulkActions1796173100000,
  SqliteExecutionTraceParent1796173200000,
  SqliteFlowControl1796169646000,
  SqliteAgentInputSchemaMcp1796172000000,
  SqliteExecutionParents1796195000000,
  SqliteExecutionChildrenIndex1796196000000,
  SqliteExecutionQueuedAt1796197000000,
];
export const MYSQL_MIGRATIONS: Function[] = [
  MysqlInitial1763780000000,
  MysqlBinaryWebhookKeys1763783000000,
  MysqlCallbackPayload1763785000000,
  MysqlCallbackDeliveryExecutionIndex1763786000000,
  MysqlStatsTriggers1763790000000,
  MysqlDropStatsTriggers1763800000000,
  MysqlSecretKeyCheck1763801600000,
  MysqlFairClaimIndex1763801700000,
  MysqlDashboardUsersSessions1763900400000,
  MysqlExecutionsAccountIndex1763900500000,
  MysqlAccountSecrets1764000000000,
  MysqlAgentVersions1764000100000,
  MysqlExecutionSteps1764000200000,
  MysqlModelUsage1764000700000,
  MysqlDailyStatsParts1764000750000,
  MysqlWebhookEndpoints1764100000000,
  MysqlWebhookSignatureFormats1764100400000,
  MysqlExecutionWaits1764200000000,
  MysqlWaitTokens1764200100000,
  MysqlSecretsUseScope1764200300000,
  MysqlUsersPerAccount1764200400000,
  MysqlServiceUrls1764410000000,
  MysqlSchedules1796185800000,
  MysqlExecutionTags1796173000000,
  MysqlBulkActions1796173100000,
  MysqlExecutionTraceParent1796173200000,
  MysqlFlowControl1796169646000,
  MysqlAgentInputSchemaMcp1796172000000,
  MysqlExecutionParents1796195000000,
  MysqlExecutionChildrenIndex1796196000000,
  MysqlExecutionQueuedAt1796197000000,
];
