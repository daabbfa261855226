import { Module } from '@nestjs/common';
import { OutboundModule } from '../webhooks/outbound/outbound.module';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/** The `/v2/webhook-endpoints` routes; REST application only. */
@Module({
  imports: [OutboundModule],
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointsService],
})
export class WebhookEndpointsApiModule {}
