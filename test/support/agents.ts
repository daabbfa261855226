import type { WebhookAuth } from '../../src/agents/agent.entity';
import { bearer, type TestService } from './service';

export interface SeededAgent {
  id: string;
  webhookId: string;
  /** The path of its webhook on the webhook listener (`/webhook/<webhook_id>`). */
  path: string;
  /** The webhook API key in clear (api_key mode). */
  apiKey?: string;
  /** The `whsec_…` signing secret in clear (signature mode). */
  signingSecret?: string;
}

/** The path of a `webhook_url` (`{WEBHOOK_BASE_URL}/webhook/<id>`). */
export const webhookPath = (webhookUrl: string): string => new URL(webhookUrl).pathname;

/**
 * An agent created through the REST API (`POST /v2/agents`), with the webhook credential its
 * auth mode needs created through `POST /v2/agents/:id/webhook-credentials`.
 */
export async function seedAgent(
  t: TestService,
  key: string,
  options: { webhookAuth?: WebhookAuth; config?: Record<string, unknown> } = {},
): Promise<SeededAgent> {
  const created = await t
    .api()
    .post('/v2/agents')
    .set(bearer(key))
    .send({ name: 'Webhook test agent', config: options.config ?? {} })
    .expect(201);
  const path = webhookPath(created.body.webhook_url);
  const seeded: SeededAgent = {
    id: created.body.id,
    webhookId: path.slice('/webhook/'.length),
    path,
  };
  const auth = options.webhookAuth ?? 'none';
  if (auth !== 'none') {
    const credential = await t
      .api()
      .post(`/v2/agents/${seeded.id}/webhook-credentials`)
      .set(bearer(key))
      .send({ type: auth })
      .expect(201);
    if (auth === 'api_key') seeded.apiKey = credential.body.secret;
    else seeded.signingSecret = credential.body.secret;
  }
  return seeded;
}

/** Pauses or resumes an agent through `PATCH /v2/agents/:id`. */
export async function setAgentStatus(
  t: TestService,
  key: string,
  agentId: string,
  status: 'active' | 'paused',
): Promise<void> {
  await t.api().patch(`/v2/agents/${agentId}`).set(bearer(key)).send({ status }).expect(200);
}

export interface AgentOptions {
  kind?: string;
  config?: Record<string, unknown>;
  timeoutMs?: number;
  status?: 'active' | 'paused';
  name?: string;
}

/**
 * An agent of any kind created through `POST /v2/agents` (paused afterwards through
 * `PATCH` when asked); returns its id.
 */
export async function createAgent(
  t: TestService,
  key: string,
  options: AgentOptions = {},
): Promise<string> {
  const created = await t
    .api()
    .post('/v2/agents')
    .set(bearer(key))
    .send({
      name: options.name ?? 'Runner test agent',
      kind: options.kind ?? 'lead-qualification',
      config: options.config ?? {},
      ...(options.timeoutMs !== undefined ? { timeout_ms: options.timeoutMs } : {}),
    })
    .expect(201);
  if (options.status === 'paused') await setAgentStatus(t, key, created.body.id, 'paused');
  return created.body.id;
}
