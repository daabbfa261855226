export type CheckState = 'up' | 'down';

/** Body of `GET /health`: 200 with `ok`, 503 with `error` when a check is down. */
export class HealthResponse {
  status: 'ok' | 'error';
  checks: { database: CheckState; queue: CheckState };
}
