import { seedAgent } from './agents';
import { createUser, signIn } from './dashboard';
import { bearer, type TestService } from './service';
import { endpointWithPing } from './endpoints';
import { sha256Hex } from '../../src/common/crypto';
import { newId } from '../../src/common/ids';
import { WaitToken } from '../../src/executions/wait-token.entity';

/**
 * The resources test/openapi-errors.e2e.test.ts provokes errors on: an enterprise account
 * (its key, its owner signed in, a member), a free trial account's key (its burst limit) and
 * agent, agents active, paused and with a webhook key, an execution queued and one
 * cancelled, an endpoint with a delivery, a secret, an API key; `ids` by the path segment
 * before the id, `pausedIds` the paused agent's, `scopedKeys` keys with one scope each.
 */
export async function errorFixtures(t: TestService) {
  const account = await t.seedAccount();
  const key = account.key;
  const ownerEmail = (await createUser(t, account.accountId)).email;
  const owner = await signIn(t, ownerEmail);
  const trial = await t.seedAccount({ plan: 'free_trial' });
  const trialKey = trial.key;
  const trialAgent = await seedAgent(t, trialKey);
  const member = await createUser(t, account.accountId, { role: 'member' });
  const agent = await seedAgent(t, key);
  const keyed = await seedAgent(t, key, { webhookAuth: 'api_key' });
  const pausedAgent = await seedAgent(t, key);
  await t
    .api()
    .patch(`/v2/agents/${pausedAgent.id}`)
    .set(bearer(key))
    .send({ status: 'paused' })
    .expect(200);
  const pausedIds = { agents: pausedAgent.id, webhook: pausedAgent.webhookId };
  const queue = async () =>
    (
      await t
        .api()
        .post(`/v2/agents/${agent.id}/trigger`)
        .set(bearer(key))
        .send({ input: {}, options: { async: true } })
        .expect(202)
    ).body.execution_id as string;
  const queued = await queue();
  const cancelled = await queue();
  await t.api().post(`/v2/executions/${cancelled}/cancel`).set(bearer(key)).expect(200);
  const endpoint = await endpointWithPing(t, key, 'https://hooks.example.com/errors');
  await t
    .api()
    .put('/v2/secrets/ERRORS')
    .set(bearer(key))
    .send({ value: 'errors-fixture-token' })
    .expect(200);
  const apiKey = await t
    .api()
    .post('/v2/api-keys')
    .set(owner.headers())
    .send({ name: 'errors' })
    .expect(201);
  // A completed wait token (its completion and its callback URL are then 409).
  const tokenSecret = 'errors-fixture-secret-0123456789abcdef';
  const token = newId('wtk');
  const at = new Date();
  await t.service.dataSource.getRepository(WaitToken).insert({
    id: token,
    accountId: account.accountId,
    agentId: agent.id,
    executionId: queued,
    stepId: 't',
    status: 'completed',
    completedAt: at,
    completedBy: { type: 'link' },
    secretHash: sha256Hex(tokenSecret),
    expiresAt: new Date(at.getTime() + 3_600_000),
    createdAt: at,
  });
  // Two disabled schedules of the agent, with external ids (a third with either is 409).
  const schedules = [];
  for (const externalId of ['errors-fixture', 'errors-fixture-2']) {
    const schedule = await t
      .api()
      .post(`/v2/agents/${agent.id}/schedules`)
      .set(bearer(key))
      .send({ cron: '@daily', enabled: false, external_id: externalId })
      .expect(201);
    schedules.push(schedule.body.id as string);
  }
  const ids: Record<string, string> = {
    agents: agent.id,
    schedules: schedules[0],
    'wait-tokens': token,
    callback: tokenSecret,
    executions: queued,
    cancelled,
    'webhook-endpoints': endpoint.id,
    deliveries: endpoint.pingId,
    users: member.id,
    owner: owner.userId,
    secrets: 'ERRORS',
    'api-keys': apiKey.body.id,
    versions: '1',
    webhook: agent.webhookId,
    keyed: keyed.webhookId,
    errors: 'not_found',
    trialWebhook: trialAgent.webhookId,
  };
  // One key per scope: a route needing scope S is asked with a key holding another one.
  const { key: readOnly } = await t.seedAccount({ scopes: ['executions:read'] });
  const { key: other } = await t.seedAccount({ scopes: ['agents:read'] });
  const scopedKeys = { readOnly, other };
  return { key, ownerEmail, owner, trialKey, ids, pausedIds, scopedKeys };
}
