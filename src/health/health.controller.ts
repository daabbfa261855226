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
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators';
import { pendingMigrations } from '../database/database';
import { QUEUE_HEALTH, type QueueHealth } from '../queue/queue-health';
import { HealthResponse, SchemaState } from './health.response';

/** How long each check may take before it counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

/**
 * `GET /health` (no auth, outside /v2, on both listeners): the database answers `SELECT 1`
 * and the run queue answers its ping, each within 1.5 s, and the database has every
 * migration of this version (`schema`: `up`, `behind` or `down` when it cannot be read).
 * 200 when all are up, else 503; the body names each check's state and nothing more (no
 * error text leaks).
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
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health of the service and its dependencies',
    description:
      'No authentication. Checks that the database answers, that the run queue answers and that the database schema has every migration of this version, each within 1.5 s. Served by both listeners.',
  })
  @ApiOkResponse({ type: HealthResponse, description: 'Every check is up' })
  @ApiServiceUnavailableResponse({
    type: HealthResponse,
    description:
      'A check failed: `status` is `error` and the failing check `down` (the schema: `behind` or `down`)',
    example: { status: 'error', checks: { database: 'down', queue: 'up', schema: 'down' } },
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [result, schema] = await Promise.all([this.dependencies(), this.schema()]);
    const state = (key: 'database' | 'queue') =>
      result.details[key]?.status === 'down' || !result.details[key] ? 'down' : 'up';
    const checks = { database: state('database'), queue: state('queue'), schema } as const;
    const ok = checks.database === 'up' && checks.queue === 'up' && checks.schema === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'error', checks };
  }

  /** Whether the database has applied every migration this version knows. */
  private async schema(): Promise<SchemaState> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'down'>((resolve) => {
      timer = setTimeout(() => resolve('down'), HEALTH_CHECK_TIMEOUT_MS);
    });
    const read = pendingMigrations(this.dataSource).then(
      (pending): SchemaState => (pending.length === 0 ? 'up' : 'behind'),
      (): SchemaState => 'down',
    );
    try {
      return await Promise.race([read, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async dependencies(): Promise<HealthCheckResult> {
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
    return result;
  }
}
