import { Module } from '@nestjs/common';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/** The `/v2/webhook-endpoints` routes; REST application only. */
@Module({
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointsService],
})
export class WebhookEndpointsApiModule {}
