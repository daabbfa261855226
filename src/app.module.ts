import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AgentsApiModule } from './agents/agents-api.module';
import { AuthModule } from './auth/auth.module';
import { BearerAuthGuard } from './auth/bearer-auth.guard';
import { AllExceptionsFilter, ENVELOPE_FLAVOUR } from './common/all-exceptions.filter';
import { LoggingModule } from './common/logging.module';
import { createValidationPipe } from './common/validation';
import { CoreModule, CoreResources } from './core.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { ErrorDocsController } from './docs/error-docs.controller';
import { ExecutionsApiModule } from './executions/executions-api.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { SecretsApiModule } from './secrets/secrets-api.module';
import { SessionsApiModule } from './sessions/sessions-api.module';
import { UsersApiModule } from './users/users-api.module';
import { DeliveriesModule } from './webhooks/outbound/deliveries.module';

/** Root of the REST API (`PORT`, routes under `/v2`). */
@Module({})
export class AppModule {
  static forRoot(core: CoreResources): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(core),
        LoggingModule,
        AuthModule,
        AgentsApiModule,
        ExecutionsApiModule,
        HealthModule,
        MetricsModule,
        DeliveriesModule,
        DashboardModule,
        SessionsApiModule,
        UsersApiModule,
        SecretsApiModule,
      ],
      controllers: [ErrorDocsController],
      providers: [
        { provide: ENVELOPE_FLAVOUR, useValue: 'rest' },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_GUARD, useExisting: BearerAuthGuard },
      ],
    };
  }
}
