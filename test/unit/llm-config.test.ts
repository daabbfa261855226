import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactConfigSecrets } from '../../src/config/configuration';

const BASE = { SECRET_KEY: 'k'.repeat(32), DATABASE_PATH: '/tmp/aas-unit/agents.sqlite' };

describe('LLM_BASE_URL, LLM_API_KEY, LLM_MODEL', () => {
  it('defaults to the OpenAI API, no key and no model', () => {
    expect(loadConfig(BASE).llm).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: null,
      model: null,
    });
  });

  it('takes a local Ollama, a key and a model', () => {
    const llm = loadConfig({
      ...BASE,
      LLM_BASE_URL: 'http://localhost:11434/v1/',
      LLM_API_KEY: 'sk-test-123',
      LLM_MODEL: 'llama3.2',
    }).llm;
    expect(llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'sk-test-123',
      model: 'llama3.2',
    });
  });

  it.each([
    ['LLM_BASE_URL', 'ftp://models.example.com'],
    ['LLM_BASE_URL', 'not a url'],
    ['LLM_API_KEY', 'sk with spaces'],
    ['LLM_MODEL', 'x'.repeat(201)],
  ])('refuses a bad %s', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ ...BASE, [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(name);
    if (name === 'LLM_API_KEY') expect((error as Error).message).not.toContain(value);
  });

  it('LLM_API_KEY is redacted from start-up messages', () => {
    const env = { ...BASE, LLM_API_KEY: 'sk-very-secret-key' };
    expect(redactConfigSecrets('key sk-very-secret-key rejected', env)).toBe('key *** rejected');
  });
});
