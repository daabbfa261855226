import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { RateLimitService } from '../throttling/rate-limit.service';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` with METRICS_TOKEN set: `Authorization: Bearer <METRICS_TOKEN>` is required,
 * compared in constant time (over SHA-256 digests, so the length does not show either);
 * anything else is 401 `unauthorized` in the envelope and counts against the client IP's
 * failed-authentication limit like a bad API key. Without METRICS_TOKEN the route is open.
 */
@Injectable()
export class MetricsAuthGuard implements CanActivate {
  private readonly expected: Buffer | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly rateLimits: RateLimitService,
  ) {
    this.expected = config.metricsToken === null ? null : digest(config.metricsToken);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.expected === null) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (match && timingSafeEqual(digest(match[1]), this.expected)) return true;
    await this.rateLimits.consumeFailedAuth(req.ip, res);
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new ApiError(
      'unauthorized',
      'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>" on this deployment',
    );
  }
}
