import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/configuration';

const BASE = { SECRET_KEY: 'k'.repeat(32), DATABASE_PATH: '/tmp/aas-unit/agents.sqlite' };

describe('CORS_ORIGINS', () => {
  it('is off (no origins) when unset or blank', () => {
    expect(loadConfig(BASE).corsOrigins).toEqual([]);
    expect(loadConfig({ ...BASE, CORS_ORIGINS: ' ' }).corsOrigins).toEqual([]);
  });

  it('takes a comma list of exact origins, trimmed and without repeats', () => {
    const config = loadConfig({
      ...BASE,
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173,https://app.example.com',
    });
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it.each([
    '*',
    'app.example.com',
    'https://app.example.com/',
    'https://app.example.com/path',
    'ftp://files.example.com',
    'https://APP.example.com',
    'https://app.example.com:443',
    'https://app.example.com,,https://b.example.com',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ ...BASE, CORS_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE, CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
  });
});
