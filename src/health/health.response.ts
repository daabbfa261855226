import { ApiProperty } from '@nestjs/swagger';

export type CheckState = 'up' | 'down';

export class HealthChecks {
  @ApiProperty({ enum: ['up', 'down'], description: 'The database answered `SELECT 1`' })
  database: CheckState;

  @ApiProperty({
    enum: ['up', 'down'],
    description: 'The run queue answered (embedded: its table; with Redis: `PING`)',
  })
  queue: CheckState;
}

/** Body of `GET /health`: 200 with `ok`, 503 with `error` when a check is down. */
export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' })
  status: 'ok' | 'error';

  @ApiProperty({ type: HealthChecks, example: { database: 'up', queue: 'up' } })
  checks: HealthChecks;
}
