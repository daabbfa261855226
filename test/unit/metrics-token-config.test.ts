import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/configuration';

const BASE = { SECRET_KEY: 'k'.repeat(32), DATABASE_PATH: '/tmp/aas-unit/agents.sqlite' };

describe('METRICS_TOKEN', () => {
  it('is off when unset or empty', () => {
    expect(loadConfig(BASE).metricsToken).toBeNull();
    expect(loadConfig({ ...BASE, METRICS_TOKEN: '' }).metricsToken).toBeNull();
  });

  it('takes 16 to 256 visible characters', () => {
    const token = 'abcdefghijklmnop';
    expect(loadConfig({ ...BASE, METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it.each(['short', 'with a space in it!', 'x'.repeat(257), 'tab\there-0123456789'])(
    'refuses %j without printing it',
    (token) => {
      let error: unknown;
      try {
        loadConfig({ ...BASE, METRICS_TOKEN: token });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/METRICS_TOKEN/);
      expect((error as Error).message).not.toContain(token);
    },
  );
});
