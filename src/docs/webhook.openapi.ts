import { ApiProperty, type PathItemObject, type ResponseObject } from '@nestjs/swagger';
import type { ErrorCode } from '../common/error-codes';
import { MAX_FORM_FIELDS } from '../common/form-body';
import type { AppConfig } from '../config/configuration';
import { MAX_TAGS, TAG_RULE } from '../executions/tags';

/** The acknowledgement of the inbound webhook (note the camelCase `executionId`). */
export class WebhookAck {
  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ example: 'exe_01jd8z4k9m2x7q3r5t6v8w0y1a' })
  executionId: string;

  @ApiProperty({ example: 'Webhook received; execution queued' })
  message: string;
}

/** A field the lead-qualification agent reads, with its aliases: any JSON value is kept. */
const leadField = (aliases: string, example: string) => ({
  description: `Read by lead-qualification agents (as text). Aliases: ${aliases}`,
  example,
});

/**
 * The inbound webhook payload: any JSON object, kept exactly as received as the execution's
 * `input` (no field is checked, whatever its type). The lead-qualification agent maps these
 * names (and aliases) to its fields.
 */
const WEBHOOK_PAYLOAD = {
  type: 'object' as const,
  additionalProperties: true,
  description: 'Any JSON object; the fields below are those lead-qualification agents read',
  properties: {
    email: leadField('`email_address`, `user_email`', 'jane@acme.io'),
    name: leadField('`full_name`, `contact_name`', 'Jane Doe'),
    company: leadField('`company_name`, `organization`', 'Acme'),
    phone: leadField('`phone_number`, `tel`', '+1 555 0100'),
    message: leadField('`content`, `body`, `inquiry`', 'We would like a demo and pricing'),
  },
};

/** A form body: each field a string, a repeated field the array of its values. */
const WEBHOOK_FORM = {
  type: 'object' as const,
  additionalProperties: {
    anyOf: [
      { type: 'string' as const },
      { type: 'array' as const, items: { type: 'string' as const }, minItems: 2 },
    ],
  },
  maxProperties: MAX_FORM_FIELDS,
  description:
    'The form fields: `email=a%40b.com&tag=x&tag=y` is `{"email": "a@b.com", "tag": ["x", "y"]}`',
};

/** The models the hand-written webhook path refers to (registered as extra models). */
export const WEBHOOK_MODELS = [WebhookAck];

const ref = (model: { name: string }) => ({ $ref: `#/components/schemas/${model.name}` });

const TAG = '[A-Za-z0-9_.:-]{1,64}';
/** The `X-Tags` header as the service reads it (executions/tags.ts: items trimmed). */
const X_TAGS_PATTERN = `^ *${TAG} *(, *${TAG} *){0,${MAX_TAGS - 1}}$`;

const deliveryHeader = (name: string, description: string) => ({
  name,
  in: 'header' as const,
  required: false,
  description,
  schema: { type: 'string' as const, maxLength: 255 },
});

/**
 * `POST {WEBHOOK_BASE_URL}/webhook/{webhook_id}`: served by the webhook listener only (its
 * controller is left out of the scan with `@ApiExcludeController()`); described here by hand,
 * with the webhook listener as the path's server.
 */
export function webhookPathItem(
  config: AppConfig,
  errors: (codes: ErrorCode[]) => Record<string, ResponseObject>,
): PathItemObject {
  const ack = (description: string, replay: boolean): ResponseObject => ({
    description,
    headers: {
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
      ...(replay
        ? { 'Idempotent-Replayed': { description: 'Always `true`', schema: { type: 'string' } } }
        : {}),
    },
    content: { 'application/json': { schema: ref(WebhookAck) } },
  });
  return {
    servers: [{ url: config.webhookBaseUrl, description: 'Inbound webhook listener' }],
    post: {
      operationId: 'receiveWebhook',
      tags: ['Inbound webhook'],
      summary: 'Trigger the agent that owns the webhook',
      description: [
        'Starts an execution of the agent with the body (a JSON object or a form) as its `input`,',
        'exactly as received, and',
        'answers once it is durably queued; the run is asynchronous. The URL itself is a secret:',
        'without webhook authentication anyone holding it can trigger the agent. With',
        '`webhook_auth: "api_key"` send `X-API-Key`; with `"signature"` send `X-Signature` (or',
        "GitHub's name for it, `X-Hub-Signature-256`) or the Standard Webhooks headers",
        "(`webhook-id`, `webhook-timestamp`, `webhook-signature`, or Svix's names `svix-id`,",
        '`svix-timestamp`, `svix-signature`): a provider can point at the URL directly. Standard',
        'Webhooks headers decide whenever one of them is present: each family with a header present',
        'must be complete (families are never combined), at most 5 minutes off and verify, else 401',
        'whatever else the request carries (no fallback to `X-Signature`). Without them,',
        "`X-Signature` or `X-Hub-Signature-256` must verify, unless the agent's",
        '`webhook_signature_formats` is `["standard_webhooks"]`, which refuses them (401).',
        "Counted against the owner account's rate limit. A repeated delivery id (the first of",
        '`Idempotency-Key`, `webhook-id`, `svix-id` or `X-GitHub-Delivery` present) for the same',
        'agent within 24 h answers 200 with the first `executionId` and starts nothing. A request',
        'with a valid Standard Webhooks signature is named by its signed id (`webhook-id`, else',
        '`svix-id`), whatever `Idempotency-Key` it also carries.',
      ].join(' '),
      security: [
        {},
        { webhookApiKey: [] },
        { webhookSignature: [] },
        { standardWebhooks: [] },
        { githubSignature: [] },
        { svixSignature: [] },
      ],
      parameters: [
        {
          name: 'webhook_id',
          in: 'path',
          required: true,
          description: "The last segment of the agent's `webhook_url` (a secret)",
          schema: { type: 'string' },
        },
        deliveryHeader('Idempotency-Key', 'Delivery id: a repeat within 24 h starts nothing'),
        deliveryHeader(
          'webhook-id',
          'Standard Webhooks message id; the delivery id when the Standard Webhooks signature is valid, or when `Idempotency-Key` is absent',
        ),
        {
          name: 'webhook-timestamp',
          in: 'header',
          required: false,
          description: 'Standard Webhooks: unix seconds, at most 5 minutes from now',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        deliveryHeader(
          'svix-id',
          "Svix's name for `webhook-id`; the delivery id when the `svix-*` signature is the first to verify, or when neither `Idempotency-Key` nor `webhook-id` is present",
        ),
        {
          name: 'svix-timestamp',
          in: 'header',
          required: false,
          description:
            "Svix's name for `webhook-timestamp`: unix seconds, at most 5 minutes from now",
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        deliveryHeader(
          'X-GitHub-Delivery',
          'Delivery id used when none of `Idempotency-Key`, `webhook-id`, `svix-id` is present',
        ),
        {
          name: 'traceparent',
          in: 'header',
          required: false,
          description:
            'W3C trace context: with tracing on, the execution’s spans join this trace (its `trace_id`)',
          schema: { type: 'string' },
          example: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        },
        {
          name: 'X-Tags',
          in: 'header',
          required: false,
          description: `Tags of the execution, comma-separated (at most ${MAX_TAGS}, each ${TAG_RULE}); kept as its \`tags\`. A bad one: 400 \`field: "X-Tags"\``,
          schema: { type: 'string', pattern: X_TAGS_PATTERN },
          example: 'campaign:black-friday,crm',
        },
      ],
      requestBody: {
        required: true,
        description: [
          'A JSON object, or an HTML form (`application/x-www-form-urlencoded`, UTF-8: each field',
          'a string, a field sent more than once an array of its strings in order, at most 1000',
          'fields; names are flat, `a[b]` is one name), at most 1 MiB; any fields are kept.',
          'Signatures are over the raw body bytes in both cases. Anything else: 415.',
        ].join(' '),
        content: {
          'application/json': {
            schema: WEBHOOK_PAYLOAD,
            example: {
              email: 'jane@acme.io',
              name: 'Jane Doe',
              company: 'Acme',
              message: 'We would like a demo and pricing',
            },
          },
          'application/x-www-form-urlencoded': {
            schema: WEBHOOK_FORM,
            example: {
              email: 'jane@acme.io',
              name: 'Jane Doe',
              interests: ['crm', 'api'],
            },
          },
        },
      },
      responses: {
        '202': ack('Accepted: the execution is queued', false),
        '200': ack('A repeated delivery id: the first execution, nothing started', true),
        ...errors([
          'invalid_request',
          'unauthorized',
          'not_found',
          'agent_paused',
          'request_timeout',
          'payload_too_large',
          'unsupported_media_type',
          'rate_limited',
          'internal_error',
          'service_unavailable',
        ]),
      },
    },
  };
}
