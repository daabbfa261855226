import { ApiProperty } from '@nestjs/swagger';

export type CheckState = 'up' | 'down';
export type SchemaState = 'up' | 'behind' | 'down';

export class HealthChecks {
  @ApiProperty({ enum: ['up', 'down'], description: 'The database answered `SELECT 1`' })
  database: CheckState;

  @ApiProperty({
    enum: ['up', 'down'],
    description: 'The run queue answered (embedded: its table; with Redis: `PING`)',
  })
  queue: CheckState;

  @ApiProperty({
    enum: ['up', 'behind', 'down'],
    description:
      'The database schema: `up` when every migration of this version is applied, `behind` when some are pending (run `npm run migrate`), `down` when it could not be read',
  })
  schema: SchemaState;
}

/** Body of `GET /health`: 200 with `ok`, 503 with `error` when a check is down. */
export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' })
  status: 'ok' | 'error';

  @ApiProperty({ type: HealthChecks, example: { database: 'up', queue: 'up', schema: 'up' } })
  checks: HealthChecks;
}
