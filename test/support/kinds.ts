import { Global, INestApplication, Module } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { readdirSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentKindsController } from '../../src/agents/agent-kinds.controller';
import { ApiError } from '../../src/common/api-error';
import { APP_CONFIG, type AppConfig } from '../../src/config/configuration';
import { addAgentKindSchemas } from '../../src/docs/agent-kinds.openapi';
import type { LogLevel } from '../../src/kinds/agent-kind';
import { RunFailure } from '../../src/kinds/agent-kind';
import { KindRegistry } from '../../src/kinds/kind-registry';
import { KindsModule } from '../../src/kinds/kinds.module';
import { WorkflowsModule } from '../../src/workflows/workflows.module';

/** The kinds the service ships: each must be among those any registry of the suite finds. */
export const BUILT_IN_KINDS = ['http-request', 'lead-qualification', 'workflow'];

/** Kinds provided by a module of their own rather than by a kind file (src/workflows/). */
const MODULE_KINDS = ['workflow'];

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
export class ConfigStub {}

/** The kind names the kind files of `folders` declare by their names (`<name>.kind.ts`). */
export function kindFileNames(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.kind.ts'))
      .map((file) => file.slice(0, -'.kind.ts'.length)),
  );
}

/** The kinds module of `folders` with the workflow module and `GET /agent-kinds`. */
export async function kindsApp(folders: string[]): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigStub, KindsModule.register({ folders }), WorkflowsModule],
    controllers: [AgentKindsController],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

/** The 400 a config gets, as `{field, message}`. */
export function invalid(run: () => unknown): { field?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a 400');
}

/**
 * What holds for every kind, whichever the folders hold: the tests a new kind file must pass
 * (docs/extending.md). No kind is named here but the built-in ones, which must be present:
 * the kinds expected are those the folders' files declare, plus the module-provided ones.
 */
export function describeKindSuite(title: string, folders: () => string[]): void {
  describe(title, () => {
    let app: INestApplication;
    let kinds: KindRegistry;

    beforeAll(async () => {
      app = await kindsApp(folders());
      kinds = app.get(KindRegistry);
    });
    afterAll(async () => app?.close());

    it('discovers one kind per kind file, named by the file, beside the built-in ones', () => {
      const expected = [...kindFileNames(folders()), ...MODULE_KINDS].sort();
      expect(kinds.names()).toEqual(expected);
      expect(kinds.names()).toEqual(expect.arrayContaining(BUILT_IN_KINDS));
    });

    it('gives every kind a description and a closed config schema', () => {
      for (const kind of kinds.all()) {
        expect(kind.description, kind.name).toMatch(/^[A-Z].*\.$/);
        expect(kind.configSchema, kind.name).toMatchObject({ type: 'object' });
        expect(kind.configSchema.additionalProperties, kind.name).not.toBe(true);
      }
    });

    it('refuses an unknown config field of every kind with a 400 naming it', () => {
      for (const name of kinds.names()) {
        expect(invalid(() => kinds.validate(name, { no_such_field: 1 })).field, name).toBe(
          'config.no_such_field',
        );
      }
      expect(invalid(() => kinds.validate('no-such-kind', {})).field).toBe('kind');
    });

    it('serves every kind at GET /agent-kinds', async () => {
      const res = await request(app.getHttpServer()).get('/agent-kinds').expect(200);
      const served = res.body.data as { kind: string; description: string }[];
      expect(served.map((kind) => kind.kind)).toEqual(kinds.names());
      for (const kind of served) {
        expect(kind).toMatchObject({
          description: kinds.get(kind.kind).description,
          config_schema: { type: 'object' },
        });
      }
    });

    it('puts every kind’s config schema in the OpenAPI document, marked with its name', () => {
      const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      addAgentKindSchemas(app, document);
      const marked = Object.values(document.components?.schemas ?? {})
        .map((schema) => (schema as { 'x-agent-kind'?: string })['x-agent-kind'])
        .filter((name): name is string => name !== undefined)
        .sort();
      expect(marked).toEqual(kinds.names());
    });
  });
}

/**
 * The example kind of docs/extending.md (`word-count`) in a registry built from `folders`:
 * its config rules, its run, its schema at GET /agent-kinds and in the OpenAPI document.
 */
export function describeExampleKind(title: string, folders: () => string[]): void {
  describe(title, () => {
    let app: INestApplication;
    let kinds: KindRegistry;

    beforeAll(async () => {
      app = await kindsApp(folders());
      kinds = app.get(KindRegistry);
    });
    afterAll(async () => app?.close());

    it('is registered under its name, from its class', () => {
      expect(kinds.get('word-count').handler.constructor.name).toBe('WordCountKind');
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
          $schema: 'https://json-schema.org/draft/2020-12/schema',
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
  });
}
