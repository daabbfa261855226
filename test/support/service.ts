import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AccountsService } from '../../src/auth/accounts.service';
import type { Plan } from '../../src/config/plans';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import type { Scope } from '../../src/auth/api-key.entity';
import { Service, startService } from '../../src/bootstrap';
import { testConfig } from './config';
import { createTestDatabase, TestDatabase } from './database';

export { TEST_SECRET_KEY } from './config';

export interface TestService {
  service: Service;
  db: TestDatabase;
  /** supertest against the REST listener. */
  api: () => TestAgent;
  /** supertest against the webhook listener. */
  webhook: () => TestAgent;
  /** A new account with an API key (all scopes unless given). */
  seedAccount(options?: {
    plan?: Plan;
    scopes?: Scope[];
  }): Promise<{ accountId: string; key: string; keyId: string }>;
  close(): Promise<void>;
}

/**
 * Starts the real service (all roles, same bootstrap as production) on a fresh database of
 * the suite's driver. HTTP listeners are not bound to ports: supertest drives them.
 * With `options.db`, it starts on that existing database instead and `close()` keeps it
 * (to restart a service on the same data).
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: { db?: TestDatabase } = {},
): Promise<TestService> {
  const db = options.db ?? (await createTestDatabase());
  const config = testConfig(db, env);
  const service = await startService(config);
  const api = () => request(service.api!.getHttpServer());
  const webhook = () => request(service.webhook!.getHttpServer());
  return {
    service,
    db,
    api,
    webhook,
    async seedAccount(options = {}) {
      const app = service.api!;
      const account = await app
        .get(AccountsService)
        .create('Test account', options.plan ?? 'enterprise');
      const key = await app.get(ApiKeysService).create(account.id, options.scopes);
      return { accountId: account.id, key: key.key, keyId: key.id };
    },
    async close() {
      await service.close();
      if (!options.db) await db.drop();
    },
  };
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/**
 * Binds both listeners of a test service to free ports on 127.0.0.1, for clients that need a
 * real socket (raw bytes, timeouts); supertest needs none.
 */
export async function listenOnPorts(t: TestService): Promise<{ api: number; webhook: number }> {
  const bind = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  return {
    api: await bind(t.service.api!.getHttpServer() as Server),
    webhook: await bind(t.service.webhook!.getHttpServer() as Server),
  };
}
