import { randomBytes } from 'node:crypto';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Agent, AgentStatus, WebhookAuth } from '../../src/agents/agent.entity';
import { newSigningSecret, SecretBox, sha256Hex } from '../../src/common/crypto';
import { newId, randomToken } from '../../src/common/ids';
import { now } from '../../src/common/time';
import type { TestService } from './service';

export interface SeededAgent {
  agent: Agent;
  /** The path of its webhook on the webhook listener. */
  path: string;
  /** The webhook API key in clear (api_key mode). */
  apiKey?: string;
  /** The `whsec_…` signing secret in clear (signature mode). */
  signingSecret?: string;
}

/**
 * An agent written straight into the database (every column), with the webhook credential
 * its auth mode needs, stored as the agents service stores it (key hashed, secret sealed).
 */
export async function seedAgent(
  t: TestService,
  accountId: string,
  options: {
    webhookAuth?: WebhookAuth;
    status?: AgentStatus;
    kind?: string;
    config?: Record<string, unknown>;
  } = {},
): Promise<SeededAgent> {
  const webhookAuth = options.webhookAuth ?? 'none';
  const apiKey =
    webhookAuth === 'api_key' ? `whk_${randomBytes(32).toString('base64url')}` : undefined;
  const signingSecret = webhookAuth === 'signature' ? newSigningSecret() : undefined;
  const at = now();
  const agent = Object.assign(new Agent(), {
    id: newId('agt'),
    accountId,
    name: 'Webhook test agent',
    kind: options.kind ?? 'lead-qualification',
    config: options.config ?? {},
    status: options.status ?? 'active',
    webhookId: randomToken(),
    webhookAuth,
    webhookKeyHash: apiKey ? sha256Hex(apiKey) : null,
    webhookSecretEnc: signingSecret
      ? new SecretBox(t.service.config.secretKey).seal(signingSecret)
      : null,
    timeoutMs: 30_000,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
  } satisfies Agent);
  await t.service.dataSource.getRepository(Agent).insert(agent as QueryDeepPartialEntity<Agent>);
  return { agent, path: `/webhook/${agent.webhookId}`, apiKey, signingSecret };
}
