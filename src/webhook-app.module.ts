import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AllExceptionsFilter, ENVELOPE_FLAVOUR } from './common/all-exceptions.filter';
import { LoggingModule } from './common/logging.module';
import { createValidationPipe } from './common/validation';
import { CoreModule, CoreResources } from './core.module';
import { HealthModule } from './health/health.module';
import { InboundWebhooksModule } from './webhooks/inbound/inbound-webhooks.module';

/** Root of the inbound webhook listener (`WEBHOOK_PORT`, `/webhook/:webhook_id`). */
@Module({})
export class WebhookAppModule {
  static forRoot(core: CoreResources): DynamicModule {
    return {
      module: WebhookAppModule,
      imports: [CoreModule.forRoot(core), LoggingModule, InboundWebhooksModule, HealthModule],
      providers: [
        { provide: ENVELOPE_FLAVOUR, useValue: 'webhook' },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
