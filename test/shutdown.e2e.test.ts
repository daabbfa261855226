import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { startServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';

describe('SIGTERM (the built service as a real process)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  const env = () => ({ SECRET_KEY: TEST_SECRET_KEY, OUTBOUND_ALLOW_PRIVATE: 'true', ...db.env });

  it('stops accepting, closes idle keep-alive connections and exits 0', async () => {
    const proc = await startServiceProcess(env());
    const keepAlive = new Agent({ keepAliveTimeout: 60_000 });
    try {
      for (const port of [proc.port, proc.webhookPort]) {
        const res = await request(`http://127.0.0.1:${port}/health`, { dispatcher: keepAlive });
        expect(res.statusCode).toBe(200);
        await res.body.json();
      }
      const started = Date.now();
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      // Idle keep-alive connections did not hold the process for its grace period.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(proc.output()).toContain('SIGTERM: draining');
      await expect(request(`http://127.0.0.1:${proc.port}/health`)).rejects.toThrow();
    } finally {
      proc.child.kill('SIGKILL');
      await keepAlive.close();
    }
  });
});
