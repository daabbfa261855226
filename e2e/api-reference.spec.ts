import { expect, test } from './support/fixtures';

/**
 * The API reference at /docs (Swagger UI, served by the service) renders the OpenAPI 3.1
 * document: its operations and the `webhooks` section with the events of webhook endpoints.
 */
test('the reference renders the OpenAPI 3.1 document, its operations and its webhooks', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/docs');
  await expect(page.locator('.info .title')).toContainText('Agent Automation Service API');
  // Swagger UI's version badge reads the document's `openapi` field.
  await expect(page.locator('.info .title')).toContainText('OAS 3.1');
  await expect(page.locator('#operations-Agents-listAgents')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  const event = page.getByRole('button', { name: /^POST execution\.completed/ });
  await expect(event).toBeVisible();
  await event.click();
  // Expanded: the event's signature headers and its body (the execution record).
  await expect(page.locator('.parameter__name', { hasText: 'webhook-signature' })).toBeVisible();
  // The example body is generated from the 3.1 schemas (`retry_of` is `["string", "null"]`).
  const example = page.locator('.opblock.is-open .body-param__example');
  await expect(example).toContainText('"type": "execution.completed"');
  await expect(example).toContainText('"agent_id": "agt_');
  await expect(page.locator('.errors-wrapper')).toHaveCount(0);
  expect(errors).toEqual([]);
});
