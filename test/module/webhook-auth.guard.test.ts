import type { ExecutionContext } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import type { Request, Response } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.entity';
import type { Account } from '../../src/auth/account.entity';
import { BearerAuthGuard } from '../../src/access/bearer-auth.guard';
import { ApiError } from '../../src/common/api-error';
import { sha256Hex } from '../../src/common/crypto';
import { randomToken } from '../../src/common/ids';
import { RateLimitService } from '../../src/throttling/rate-limit.service';
import { WebhookAuthGuard } from '../../src/webhooks/inbound/webhook-auth.guard';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { insertAgent } from '../support/rows';

/** Records what the guard counts, and counts nothing. */
class FakeRateLimits {
  consumed: string[] = [];
  failedAuth: (string | undefined)[] = [];
  async consume(account: Account): Promise<void> {
    this.consumed.push(account.id);
  }
  async consumeFailedAuth(ip: string | undefined): Promise<void> {
    this.failedAuth.push(ip);
  }
}

/** The execution context of `POST /webhook/:webhookId` as the guard sees it. */
function webhookCall(webhookId: string, headers: Record<string, string> = {}) {
  const req = {
    params: { webhookId },
    headers,
    rawBody: Buffer.from('{}'),
    ip: '203.0.113.7',
  } as unknown as Request;
  const res = { setHeader: () => undefined } as unknown as Response;
  const context = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ExecutionContext;
  return { req, context };
}

/**
 * The inbound webhook's guard in the webhook role's container (Test.createTestingModule), on a
 * real database, with the rate limiter replaced by a fake: which agent a URL resolves to,
 * what is counted, and which credential is asked for.
 */
describe('WebhookAuthGuard (module: AppModule with roles ["webhook"])', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let guard: WebhookAuthGuard;
  let limits: FakeRateLimits;
  let account: Account;
  let keyed: Agent;
  const key = 'whk_module-test-key';

  beforeAll(async () => {
    db = await openModuleTestDatabase();
    limits = new FakeRateLimits();
    module = await roleModule(db, ['webhook'])
      .overrideProvider(RateLimitService)
      .useValue(limits)
      .compile();
    await module.init();
    guard = module.get(WebhookAuthGuard, { strict: false });
    account = await db.insertAccount();
    keyed = await insertAgent(db.dataSource, account.id, {
      webhookAuth: 'api_key',
      webhookKeyHash: sha256Hex(key),
    });
  });
  afterAll(async () => {
    await module?.close();
    await db?.close();
  });
  beforeEach(() => {
    limits.consumed = [];
    limits.failedAuth = [];
  });

  it('is built from the webhook role alone: no REST module, no bearer guard', () => {
    expect(() => module.get(BearerAuthGuard, { strict: false })).toThrow();
  });

  it('answers 404 for a URL that is no agent, and counts nothing', async () => {
    const { context } = webhookCall(randomToken(24));
    await expect(guard.canActivate(context)).rejects.toMatchObject({ code: 'not_found' });
    expect(limits.consumed).toEqual([]);
    expect(limits.failedAuth).toEqual([]);
  });

  it('lets a request with the right key through, counted against the account', async () => {
    const { req, context } = webhookCall(keyed.webhookId, { 'x-api-key': key });
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(req.webhookAgent?.id).toBe(keyed.id);
    expect(limits.consumed).toEqual([account.id]);
    expect(limits.failedAuth).toEqual([]);
  });

  it('refuses a missing or wrong key with 401, counted against the account and the IP', async () => {
    const attempts: Record<string, string>[] = [{}, { 'x-api-key': 'whk_wrong' }];
    for (const headers of attempts) {
      const { req, context } = webhookCall(keyed.webhookId, headers);
      const refused = guard.canActivate(context);
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({ code: 'unauthorized' });
      expect(req.webhookAgent).toBeUndefined();
    }
    expect(limits.consumed).toEqual([account.id, account.id]);
    expect(limits.failedAuth).toEqual(['203.0.113.7', '203.0.113.7']);
  });

  it('lets an agent without webhook auth through without a credential', async () => {
    const open = await insertAgent(db.dataSource, account.id);
    const { req, context } = webhookCall(open.webhookId);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(req.webhookAgent?.id).toBe(open.id);
    expect(limits.failedAuth).toEqual([]);
  });
});
