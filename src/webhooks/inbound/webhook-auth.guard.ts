import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/api-error';
import { RateLimitService } from '../../throttling/rate-limit.service';
import { InboundWebhooksService, type SignedDeliveryId } from './inbound-webhooks.service';
import type { Agent } from '../../agents/agent.entity';

declare module 'express-serve-static-core' {
  interface Request {
    /** The agent whose webhook was called, set by `WebhookAuthGuard`. */
    webhookAgent?: Agent;
    /**
     * The `webhook-id` (or `svix-id`) a valid Standard Webhooks signature covers, set by
     * `WebhookAuthGuard`.
     */
    webhookSignedId?: SignedDeliveryId | null;
  }
}

/**
 * Guards `POST /webhook/:webhookId`: resolves the agent (404), counts the request against the owner
 * account's plan (429), then checks the credentials its `webhook_auth` asks for (401). Every
 * request that reaches a real agent is counted, failed authentication included, so a leaked URL
 * cannot be hammered for free. A failed authentication also counts against the client IP's
 * failed-authentication limit (docs/api.md, Rate limits), which answers 429 past 60 a minute.
 */
@Injectable()
export class WebhookAuthGuard implements CanActivate {
  constructor(
    private readonly webhooks: InboundWebhooksService,
    private readonly rateLimits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const { agent, account } = await this.webhooks.resolve(String(req.params.webhookId));
    await this.rateLimits.consume(account, http.getResponse<Response>());
    try {
      req.webhookSignedId = this.webhooks.authenticate(
        agent,
        req.headers,
        req.rawBody ?? Buffer.alloc(0),
      );
    } catch (error) {
      // No response here: the X-RateLimit-* headers stay those of the account's budget.
      if (error instanceof ApiError && error.code === 'unauthorized') {
        await this.rateLimits.consumeFailedAuth(req.ip);
      }
      throw error;
    }
    req.webhookAgent = agent;
    return true;
  }
}
