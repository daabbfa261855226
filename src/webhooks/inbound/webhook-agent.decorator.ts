import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Agent } from '../../agents/agent.entity';

/** The agent resolved and authenticated by `WebhookAuthGuard`; throws if the guard did not run. */
export const WebhookAgent = createParamDecorator((_: unknown, ctx: ExecutionContext): Agent => {
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!req.webhookAgent) throw new Error('WebhookAgent used on a route without WebhookAuthGuard');
  return req.webhookAgent;
});
