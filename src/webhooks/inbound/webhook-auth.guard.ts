import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimitService } from '../../throttling/rate-limit.service';
import { InboundWebhooksService } from './inbound-webhooks.service';
import type { Agent } from '../../agents/agent.entity';

declare module 'express-serve-static-core' {
  interface Request {
    /** The agent whose webhook was called, set by `WebhookAuthGuard`. */
    webhookAgent?: Agent;
  }
}

/**
 * Guards `POST /webhook/:webhookId`: resolves the agent (404), counts the request against
 * the owner account's plan (429), then checks the credentials its `webhook_auth` asks for
 * (401). Every request that reaches a real agent is counted, failed authentication included,
 * so a leaked URL cannot be hammered for free.
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
    this.webhooks.authenticate(agent, req.headers, req.rawBody ?? Buffer.alloc(0));
    req.webhookAgent = agent;
    return true;
  }
}
