import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWebTypes, WEB_TYPES_FILE } from '../scripts/web-types.mjs';
import { startTestService, TestService } from './support/service';

/**
 * The dashboard's API types (web/src/api-schema.ts) are generated from the service's own
 * OpenAPI document by `npm run web:types`: regenerated here in memory from the document the
 * service serves, they must equal the committed file, so that a renamed or retyped response
 * field breaks the dashboard's type check instead of its users.
 */
describe('dashboard API types (openapi-typescript)', () => {
  let t: TestService;
  let document: unknown;

  beforeAll(async () => {
    t = await startTestService();
    document = (await t.api().get('/v2/openapi.json').expect(200)).body;
  });
  afterAll(() => t?.close());

  it('web/src/api-schema.ts is what `npm run web:types` writes from the current document', async () => {
    const committed = readFileSync(WEB_TYPES_FILE, 'utf8');
    const current = await renderWebTypes(document);
    // On failure: run `npm run web:types` and commit the file.
    expect(committed === current, 'web/src/api-schema.ts is stale: run `npm run web:types`').toBe(
      true,
    );
  });

  it('carries the response shapes the dashboard reads', async () => {
    const current = await renderWebTypes(document);
    for (const schema of ['AgentDetail', 'ExecutionDetail', 'SessionResponse', 'AccountResponse']) {
      expect(current).toContain(`        ${schema}: {`);
    }
  });
});
