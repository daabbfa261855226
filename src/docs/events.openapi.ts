import type { OpenAPIObject, ParameterObject, PathItemObject } from '@nestjs/swagger';
import type { EventType } from '../events/event-types';

/** The resource each event carries in `data`, by the component schema that describes it. */
const EVENTS: Record<EventType, { schema: string; summary: string; deprecated?: true }> = {
  'execution.queued': { schema: 'ExecutionRecord', summary: 'An execution was created (queued)' },
  'execution.started': { schema: 'ExecutionRecord', summary: 'A worker started running it' },
  'execution.completed': { schema: 'ExecutionRecord', summary: 'It completed' },
  'execution.failed': { schema: 'ExecutionRecord', summary: 'It failed' },
  'execution.cancelled': { schema: 'ExecutionRecord', summary: 'It was cancelled' },
  'execution.canceled': {
    schema: 'ExecutionRecord',
    summary:
      'Deprecated alias of `execution.cancelled`, sent under this name to an endpoint subscribed by it (and not by `execution.cancelled`, nor to `*`)',
    deprecated: true,
  },
  'execution.waiting': {
    schema: 'ExecutionRecord',
    summary: 'Its run paused at a `wait` step (`waiting` says what for)',
  },
  'agent.created': { schema: 'AgentDetail', summary: 'An agent was created' },
  'agent.updated': {
    schema: 'AgentDetail',
    summary: 'Its name, config, webhook auth, timeout or webhook URL changed',
  },
  'agent.paused': { schema: 'AgentDetail', summary: 'It was paused' },
  'agent.resumed': { schema: 'AgentDetail', summary: 'It was resumed' },
  'agent.deleted': { schema: 'AgentDetail', summary: 'It was deleted (shown as it was)' },
  ping: {
    schema: 'WebhookEndpointResponse',
    summary: 'Sent by `POST /v2/webhook-endpoints/{id}/test`',
  },
};

const header = (name: string, description: string, example: string): ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** The headers of every event request (the same as callbacks'). */
const HEADERS: ParameterObject[] = [
  header(
    'webhook-id',
    'The event id (payload `id`): the same on every retry and redelivery',
    'evt_01jd8z6q8r0s2t4u6v8w0x2y4z',
  ),
  header('webhook-timestamp', 'Unix seconds of this attempt', '1795428000'),
  header(
    'webhook-signature',
    "Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated",
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
  header(
    'x-signature',
    '`sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret',
    'sha256=5d7e…',
  ),
  header('x-webhook-id', 'Same as `webhook-id`', 'evt_01jd8z6q8r0s2t4u6v8w0x2y4z'),
  header('x-webhook-timestamp', 'Same as `webhook-timestamp`', '1795428000'),
];

/**
 * The events sent to webhook endpoints (docs/api.md, Webhook endpoints and events), one entry per
 * event type, in the document's OpenAPI 3.1 `webhooks` section (requests the service sends, keyed
 * by event type). The callbacks of `POST /v2/agents/{id}/trigger` are described on that operation.
 */
export function addEventWebhooks(document: OpenAPIObject): void {
  const webhooks: Record<string, PathItemObject> = {};
  for (const [type, { schema, summary, deprecated }] of Object.entries(EVENTS)) {
    webhooks[type] = {
      post: {
        ...(deprecated ? { deprecated } : {}),
        operationId: `event${type
          .split('.')
          .map((part) => part[0].toUpperCase() + part.slice(1))
          .join('')}`,
        tags: ['Webhook endpoints'],
        summary: `${type}: ${summary}`,
        description:
          'POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.',
        parameters: HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['id', 'type', 'created_at', 'data'],
                properties: {
                  id: {
                    type: 'string',
                    description: 'The event id, stable across retries',
                    example: 'evt_01jd8z6q8r0s2t4u6v8w0x2y4z',
                  },
                  type: { type: 'string', enum: [type] },
                  created_at: { type: 'string', format: 'date-time' },
                  data: { $ref: `#/components/schemas/${schema}` },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Any 2xx acknowledges the event' },
        },
      },
    };
  }
  document.webhooks = webhooks;
}
