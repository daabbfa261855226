import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { AccessModule } from './access/access.module';
import { BearerAuthGuard } from './access/bearer-auth.guard';
import { AgentTestApiModule } from './agent-test/agent-test-api.module';
import { AgentsApiModule } from './agents/agents-api.module';
import { AuthApiModule } from './auth/auth-api.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { LoggingModule } from './common/logging.module';
import { createValidationPipe } from './common/validation';
import type { AppConfig, Role } from './config/configuration';
import { CoreModule } from './core.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { ErrorDocsController } from './docs/error-docs.controller';
import { ExecutionsApiModule } from './executions/executions-api.module';
import { BulkApiModule } from './bulk/bulk-api.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './health/metrics.module';
import { McpApiModule } from './mcp/mcp-api.module';
import { QueueModule } from './queue/queue.module';
import { RetentionModule } from './retention/retention.module';
import { RunnerModule } from './runner/runner.module';
import { SchedulerModule } from './schedules/scheduler.module';
import { SchedulesApiModule } from './schedules/schedules-api.module';
import { SecretsApiModule } from './secrets/secrets-api.module';
import { SessionsApiModule } from './sessions/sessions-api.module';
import { UsageApiModule } from './usage/usage-api.module';
import { UsageModule } from './usage/usage.module';
import { UsersApiModule } from './users/users-api.module';
import { WebhookEndpointsApiModule } from './webhook-endpoints/webhook-endpoints-api.module';
import { WorkflowsModule } from './workflows/workflows.module';
import { ChildExecutionsModule } from './workflows/child-executions';
import { InboundWebhooksModule } from './webhooks/inbound/inbound-webhooks.module';
import { CallbackDispatchModule } from './webhooks/outbound/callback-dispatch.module';
import { DeliveriesModule } from './webhooks/outbound/deliveries.module';
import { OutboundModule } from './webhooks/outbound/outbound.module';

export interface AppModuleOptions {
  config: AppConfig;
  /** The process's DataSource, open and checked (see bootstrap.ts); the caller closes it. */
  dataSource: DataSource;
  /** The roles this container serves; `config.roles` when absent. */
  roles?: Iterable<Role>;
}

/**
 * The modules each role adds to the container. In this order: routes are matched in the order
 * their modules are scanned, and the inbound webhook, the hot path, comes first.
 */
const ROLE_MODULES: Record<Role, Type[]> = {
  // The inbound webhook listener (`WEBHOOK_PORT`, `/webhook/:webhook_id`).
  webhook: [InboundWebhooksModule, HealthModule, WorkflowsModule, ChildExecutionsModule],
  // The REST listener (`PORT`, routes under `/v2`).
  api: [
    AccessModule,
    AuthApiModule,
    AgentsApiModule,
    AgentTestApiModule,
    ExecutionsApiModule,
    BulkApiModule,
    SchedulesApiModule,
    HealthModule,
    MetricsModule,
    DeliveriesModule,
    DashboardModule,
    SessionsApiModule,
    UsersApiModule,
    SecretsApiModule,
    UsageModule,
    UsageApiModule,
    WebhookEndpointsApiModule,
    McpApiModule,
    WorkflowsModule,
    ChildExecutionsModule,
  ],
  // Runs queued executions and sends callbacks; no listener of its own.
  worker: [
    RunnerModule,
    SchedulerModule,
    RetentionModule,
    CallbackDispatchModule,
    UsageModule,
    WorkflowsModule,
    ChildExecutionsModule,
  ],
};

/**
 * The root of a process: one DI container, composed from the roles it runs, so that the REST
 * and webhook listeners and the worker share one set of singletons (CoreModule's process
 * resources, the intake batcher, the agent cache, the metrics). A module test builds exactly
 * the part it needs: `Test.createTestingModule({ imports: [AppModule.forRoot({ config,
 * dataSource, roles: ['worker'] })] })`, then `overrideProvider(...)`.
 *
 * With a listener, the error filter, the validation pipe and (with the REST routes) the bearer
 * guard are global: the webhook route opts out of the bearer guard with `@Public()` and checks
 * its own credential. How the two listeners share the routes: http-listeners.ts.
 */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const roles = new Set(options.roles ?? options.config.roles);
    const config: AppConfig = { ...options.config, roles };
    const imports = new Set<Type>();
    for (const [role, modules] of Object.entries(ROLE_MODULES) as [Role, Type[]][]) {
      if (roles.has(role)) for (const module of modules) imports.add(module);
    }
    const providers: Provider[] = [];
    const controllers: Type[] = [];
    if (roles.has('api') || roles.has('webhook')) {
      providers.push(
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      );
    }
    if (roles.has('api')) {
      providers.push({ provide: APP_GUARD, useExisting: BearerAuthGuard });
      controllers.push(ErrorDocsController);
    }
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ config, dataSource: options.dataSource }),
        // Global: the run queue, the callback queue and their health, embedded or BullMQ.
        QueueModule.forRoot(config),
        LoggingModule,
        // Global: binds EXECUTION_NOTICES and EVENT_WRITER, the ports of the layers below webhooks.
        OutboundModule,
        ...imports,
      ],
      controllers,
      providers,
    };
  }
}
