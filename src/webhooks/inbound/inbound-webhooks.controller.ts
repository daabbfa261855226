import { Controller, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Agent } from '../../agents/agent.entity';
import { Public } from '../../auth/auth.decorators';
import { WebhookAgent } from './webhook-agent.decorator';
import { WebhookAuthGuard } from './webhook-auth.guard';
import { InboundWebhooksService } from './inbound-webhooks.service';
import { traceContextOf } from '../../tracing/tracing';

/** The first segment of the inbound webhook's path, outside the REST listener's `/v2`. */
export const WEBHOOK_ROUTE = 'webhook';

/**
 * `POST /webhook/:webhookId` on the webhook listener (no version segment). The body
 * (a JSON object or a form) has already been checked by the body middleware (415/413/400)
 * and kept as raw bytes.
 * No bearer key: the agent's own webhook credential is checked by WebhookAuthGuard. Described
 * in the OpenAPI document by hand (docs/webhook.openapi.ts), with its own server.
 */
@Controller(WEBHOOK_ROUTE)
@Public()
@ApiExcludeController()
export class InboundWebhooksController {
  constructor(private readonly webhooks: InboundWebhooksService) {}

  @Post(':webhookId')
  @UseGuards(WebhookAuthGuard)
  async receive(
    @WebhookAgent() agent: Agent,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const ack = await this.webhooks.receive(
      agent,
      req.body,
      req.rawBody,
      req.headers,
      req.webhookSignedId ?? null,
      traceContextOf(req),
    );
    res.status(ack.status);
    if (ack.status === 200) res.setHeader('Idempotent-Replayed', 'true');
    return ack.body;
  }
}
