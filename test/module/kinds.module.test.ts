import { Global, INestApplication, Module } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WordCountKind } from '../../examples/kinds/word-count.kind';
import { AgentKindsController } from '../../src/agents/agent-kinds.controller';
import { ApiError } from '../../src/common/api-error';
import { APP_CONFIG, type AppConfig } from '../../src/config/configuration';
import { addAgentKindSchemas } from '../../src/docs/agent-kinds.openapi';
import type { LogLevel } from '../../src/kinds/agent-kind';
import { RunFailure } from '../../src/kinds/agent-kind';
import { KindRegistry } from '../../src/kinds/kind-registry';
import { KINDS_FOLDER, KindsModule } from '../../src/kinds/kinds.module';
import { WorkflowsModule } from '../../src/workflows/workflows.module';

const EXAMPLES = join(__dirname, '../../examples/kinds');

/** What the process-wide core module provides to the kinds (http-request reads the config). */
@Global()
@Module({
  providers: [
    {
      provide: APP_CONFIG,
      useValue: {
        outboundAllowPrivate: false,
        roles: new Set() as AppConfig['roles'],
      } as AppConfig,
    },
  ],
  exports: [APP_CONFIG],
})
class ConfigStub {}

function invalid(run: () => unknown): { field?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a 400');
}

describe('KindsModule', () => {
  let app: INestApplication;
  let kinds: KindRegistry;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigStub,
        KindsModule.register({ folders: [KINDS_FOLDER, EXAMPLES] }),
        WorkflowsModule,
      ],
      controllers: [AgentKindsController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    kinds = app.get(KindRegistry);
  });
  afterAll(async () => app?.close());

  it('discovers every kind file of its folders and the kinds other modules provide (workflow)', () => {
    expect(kinds.names()).toEqual(['http-request', 'lead-qualification', 'word-count', 'workflow']);
    expect(kinds.get('word-count').handler).toBeInstanceOf(WordCountKind);
  });

  it('gives the service the built-in kinds only, by default', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigStub, KindsModule.register(), WorkflowsModule],
    }).compile();
    await moduleRef.init();
    expect(moduleRef.get(KindRegistry).names()).toEqual([
      'http-request',
      'lead-qualification',
      'workflow',
    ]);
    await moduleRef.close();
  });

  it("validates the new kind's config with its class: defaults, 400 naming config.<field>", () => {
    expect(kinds.validate('word-count', {})).toEqual({ field: 'message', min_words: 0 });
    expect(kinds.validate('word-count', { field: 'body', min_words: 3 })).toEqual({
      field: 'body',
      min_words: 3,
    });
    expect(invalid(() => kinds.validate('word-count', { min_words: -1 }))).toEqual({
      field: 'config.min_words',
      message: 'min_words must be at least 0',
    });
    expect(invalid(() => kinds.validate('word-count', { min_words: '3' }))).toEqual({
      field: 'config.min_words',
      message: 'min_words must be an integer',
    });
    expect(invalid(() => kinds.validate('word-count', { field: 5 }))).toEqual({
      field: 'config.field',
      message: 'field must be a string',
    });
    expect(invalid(() => kinds.validate('word-count', { field: 'a b' }))).toEqual({
      field: 'config.field',
      message: 'field must be a field name',
    });
    expect(invalid(() => kinds.validate('word-count', { words: 1 }))).toEqual({
      field: 'config.words',
      message: 'Unknown config field "words"; allowed: field, min_words',
    });
    expect(invalid(() => kinds.validate('no-such-kind', {})).field).toBe('kind');
  });

  it("parses a stored version's config once, frozen, and an unnamed config every time", () => {
    const kind = kinds.get('word-count');
    const first = kind.parseConfig({ min_words: 2 }, 'agt_parse:1');
    expect(first).toEqual({ field: 'message', min_words: 2 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(kind.parseConfig({ min_words: 2 }, 'agt_parse:1')).toBe(first);
    expect(kind.parseConfig({ min_words: 3 }, 'agt_parse:2')).toEqual({
      field: 'message',
      min_words: 3,
    });
    const unnamed = kind.parseConfig({ min_words: 2 });
    expect(unnamed).not.toBe(first);
    expect(Object.isFrozen(unnamed)).toBe(false);
    // A version whose config is refused is not remembered: it is refused every time.
    expect(() => kind.parseConfig({ min_words: -1 }, 'agt_parse:3')).toThrow('at least 0');
    expect(() => kind.parseConfig({ min_words: -1 }, 'agt_parse:3')).toThrow('at least 0');
  });

  it('runs the new kind with its typed, validated config', async () => {
    const kind = kinds.get('word-count');
    const logs: { level: LogLevel; message: string }[] = [];
    const ctx = (config: Record<string, unknown>) => ({
      executionId: 'exe_test',
      agentId: 'agt_test',
      accountId: 'acc_test',
      config: kind.parseConfig(config),
      log: (level: LogLevel, message: string) => logs.push({ level, message }),
      signal: new AbortController().signal,
    });
    await expect(kind.handler.run({ message: 'one two  three' }, ctx({}))).resolves.toEqual({
      field: 'message',
      words: 3,
    });
    expect(logs).toEqual([{ level: 'info', message: '3 words in "message"' }]);
    const short = kind.handler.run({ message: 'one' }, ctx({ min_words: 2 }));
    await expect(short).rejects.toBeInstanceOf(RunFailure);
    await expect(short).rejects.toMatchObject({ code: 'too_short' });
    await expect(kind.handler.run({}, ctx({}))).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('serves its name, description and config schema at GET /agent-kinds', async () => {
    const res = await request(app.getHttpServer()).get('/agent-kinds').expect(200);
    const wordCount = res.body.data.find((kind: { kind: string }) => kind.kind === 'word-count');
    expect(wordCount).toEqual({
      kind: 'word-count',
      description: 'Counts the words of one text field of the input.',
      config_schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          field: {
            type: 'string',
            default: 'message',
            pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
            description: 'The input field whose words are counted',
          },
          min_words: {
            type: 'integer',
            minimum: 0,
            default: 0,
            description: 'A text with fewer words fails the run with `too_short`',
          },
        },
      },
    });
  });

  it('puts the config schema in the OpenAPI document, under the config class name', () => {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    addAgentKindSchemas(app, document);
    expect(document.components?.schemas?.WordCountConfig).toMatchObject({
      'x-agent-kind': 'word-count',
      properties: { field: { type: 'string' }, min_words: { type: 'integer' } },
    });
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['HttpRequestConfig', 'LeadQualificationConfig']),
    );
  });

  it('refuses a kind file that does not hold exactly one kind', async () => {
    await expect(
      KindsModule.register({ folders: [join(__dirname, 'fixtures/two-kinds')] }),
    ).rejects.toThrow(
      /two\.kind\.ts must export exactly one class with @AgentKind\(\) \(found 2\)/,
    );
  });
});
