import type { DocumentBuilder } from '@nestjs/swagger';
import { SCOPES } from '../auth/api-key.entity';
import { SESSION_COOKIE } from '../sessions/session-cookie';

/**
 * The security schemes of the document: bearer API keys and the dashboard session on the
 * REST routes, and the credentials an agent's inbound webhook accepts.
 */
export function addSecuritySchemes(builder: DocumentBuilder): DocumentBuilder {
  return builder
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        // Nest's default hint is `JWT`: the key is not one (nothing to decode or verify).
        bearerFormat: 'opaque',
        description: `An opaque API key (\`aas_…\`, not a JWT), created in the dashboard (Settings, API keys) or with \`npm run cli -- key:create\`; scopes: ${SCOPES.map((scope) => `\`${scope}\``).join(', ')}.`,
      },
      'bearer',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description:
          'The dashboard session cookie set by `POST /v2/session`. Every POST, PATCH, PUT and DELETE made with it also needs an `Origin` (or `Referer`) of the API itself and the header `X-CSRF-Token` (from `GET /v2/session`); otherwise 403 `forbidden`. The session of an owner has every scope, that of a member every scope but `secrets:use`; keys, users and the signing secret need the `owner` role.',
      },
      'session',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Webhook API key of the agent (`webhook_auth: "api_key"`).',
      },
      'webhookApiKey',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Signature',
        description:
          'Webhook signature (`webhook_auth: "signature"`): `sha256=` + lowercase hex HMAC-SHA256 of the exact raw body, keyed with the whole `whsec_…` signing secret.',
      },
      'webhookSignature',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'webhook-signature',
        description:
          'Standard Webhooks signature (`webhook_auth: "signature"`): `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded part of the signing secret; sent with `webhook-id` and `webhook-timestamp` (unix seconds, at most 5 minutes off).',
      },
      'standardWebhooks',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Hub-Signature-256',
        description:
          "GitHub's name for `X-Signature` (`webhook_auth: \"signature\"`): the same `sha256=` + lowercase hex value, which GitHub sends when the agent's whole `whsec_…` signing secret is entered as the GitHub webhook's secret.",
      },
      'githubSignature',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'svix-signature',
        description:
          'Svix\'s name for `webhook-signature` (`webhook_auth: "signature"`), sent with `svix-id` and `svix-timestamp`; the same values as the Standard Webhooks headers.',
      },
      'svixSignature',
    );
}
