import { randomBytes } from 'node:crypto';
import { type AppConfig, loadConfig } from '../../src/config/configuration';
import type { TestDatabase } from './database';

export const TEST_SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789';

/**
 * The configuration of a service under test on `db` (`env` on top): quiet, outbound calls to
 * 127.0.0.1 allowed, and with REDIS_URL BullMQ keys of its own, apart from every other suite's.
 */
export function testConfig(db: TestDatabase, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    QUEUE_PREFIX: `aas-test-${randomBytes(6).toString('hex')}`,
    ...db.env,
    ...env,
  });
}
