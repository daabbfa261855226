import { Controller, Get, Header, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { QUEUE_HEALTH, type QueueHealth } from '../runner/queue-health';
import { HealthResponse } from './health.response';

/** How long each check may take before it counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

/**
 * `GET /health` (no auth, outside /v2, on both listeners): the database answers `SELECT 1`
 * and the run queue answers its ping, each within 1.5 s. 200 when both are up, else 503;
 * the body names each check `up` or `down` and nothing more (no error text leaks).
 */
@Controller('health')
@Public()
@ApiTags('Operations')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(QUEUE_HEALTH) private readonly queue: QueueHealth,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health of the service and its dependencies',
    description:
      'No authentication. Checks that the database answers and that the run queue answers, each within 1.5 s. Served by both listeners.',
  })
  @ApiOkResponse({ type: HealthResponse, description: 'Both checks are up' })
  @ApiServiceUnavailableResponse({
    type: HealthResponse,
    description: 'A check is down: `status` is `error` and the failing check `down`',
    example: { status: 'error', checks: { database: 'down', queue: 'up' } },
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.database.pingCheck('database', { timeout: HEALTH_CHECK_TIMEOUT_MS }),
        () =>
          this.indicators
            .check('queue')
            .attempt(({ signal }) => this.queue.ping(signal))
            .withTimeout(HEALTH_CHECK_TIMEOUT_MS),
      ]);
    } catch (error) {
      // Terminus reports a failed check as a 503 exception carrying the result.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      result = error.getResponse() as HealthCheckResult;
    }
    const state = (key: 'database' | 'queue') =>
      result.details[key]?.status === 'down' || !result.details[key] ? 'down' : 'up';
    const checks = { database: state('database'), queue: state('queue') } as const;
    const ok = checks.database === 'up' && checks.queue === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'error', checks };
  }
}
