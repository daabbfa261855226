import { describe, expect, it } from 'vitest';
import { documentedStatuses } from '../support/openapi-statuses';

/** The matcher bad-input uses to check every answer against the operation it reached. */
describe('documentedStatuses', () => {
  const operationOf = documentedStatuses({
    paths: {
      '/v2/agents/kinds': { get: { responses: { 200: {} } } },
      '/v2/agents/{id}': { get: { responses: { 200: {}, 404: {} } } },
      '/v2/secrets/{name}': { put: { responses: { 200: {}, 400: {} } } },
    },
  });

  it('finds the operation of a path, the most literal template first', () => {
    expect(operationOf('GET', '/v2/agents/kinds')?.route).toBe('GET /v2/agents/kinds');
    expect(operationOf('get', '/v2/agents/agt_1?x=1')?.statuses).toEqual(new Set([200, 404]));
    expect(operationOf('POST', '/v2/agents/agt_1')).toBeUndefined();
  });

  it('resolves dot segments first, as the request reaches the server', () => {
    // `/v2/secrets/..` is `/v2/`: no operation, so its 404 is not the upsert's.
    expect(operationOf('PUT', '/v2/secrets/..')).toBeUndefined();
    expect(operationOf('PUT', '/v2/secrets/%2e%2e%2f')?.route).toBe('PUT /v2/secrets/{name}');
  });
});
