import { Module } from '@nestjs/common';
import { AgentsModule } from '../../agents/agents.module';
import { ExecutionsModule } from '../../executions/executions.module';
import { ThrottlingModule } from '../../throttling/throttling.module';
import { InboundWebhooksController } from './inbound-webhooks.controller';
import { InboundWebhooksService } from './inbound-webhooks.service';
import { WebhookAuthGuard } from './webhook-auth.guard';

/**
 * The inbound webhook (docs/api.md, Inbound webhook): the webhook role (AppModule); served on its
 * listener only.
 */
@Module({
  imports: [AgentsModule, ExecutionsModule, ThrottlingModule],
  controllers: [InboundWebhooksController],
  providers: [InboundWebhooksService, WebhookAuthGuard],
})
export class InboundWebhooksModule {}
