import { Global, INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig } from '../../src/config/configuration';
import { KindRegistry } from '../../src/kinds/kind-registry';
import { KindsModule } from '../../src/kinds/kinds.module';
import { WorkflowsModule } from '../../src/workflows/workflows.module';
import type { WorkflowKind } from '../../src/workflows/workflow.kind';
import { FakeModel } from '../support/fake-model';

let model: FakeModel;

/** The operator's LLM_* settings as the service's config module provides them. */
@Global()
@Module({
  providers: [
    {
      provide: APP_CONFIG,
      useFactory: () =>
        ({
          outboundAllowPrivate: false,
          roles: new Set() as AppConfig['roles'],
          llm: { baseUrl: model.url, apiKey: 'sk-module', model: 'module-model' },
        }) as AppConfig,
    },
  ],
  exports: [APP_CONFIG],
})
class ConfigStub {}

/** The `llm` step inside the workflow kind, wired by Nest: operator defaults reach the step. */
describe('llm step in the workflow kind', () => {
  let app: INestApplication;
  let workflow: WorkflowKind;

  beforeAll(async () => {
    model = await FakeModel.start();
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigStub, KindsModule.register(), WorkflowsModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    workflow = app.get(KindRegistry).get('workflow').handler as WorkflowKind;
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it("sends the operator's model and key to LLM_BASE_URL, even a private one", async () => {
    model.script({ content: { intent: 'buy' }, usage: [11, 4] });
    const logs: string[] = [];
    const result = await workflow.test({
      agentId: 'agt_module',
      accountId: 'acc_module',
      input: { message: 'Buy now' },
      config: {
        steps: [
          {
            id: 'read',
            type: 'llm',
            prompt: '{% $input.message %}',
            output_schema: { type: 'object', properties: { intent: { type: 'string' } } },
          },
        ],
      },
      signal: new AbortController().signal,
      log: (_level, message) => void logs.push(message),
    });
    expect(result).toMatchObject({ status: 'completed', output: { intent: 'buy' } });
    expect(result.steps[0].usage).toEqual({ prompt_tokens: 11, completion_tokens: 4 });
    expect(model.requests[0].headers.authorization).toBe('Bearer sk-module');
    expect(model.requests[0].body.model).toBe('module-model');
    expect(logs.join('\n')).not.toContain('Buy now');
  });

  it('refuses an invalid llm step when the config is parsed', () => {
    expect(() =>
      workflow.parseConfig({ steps: [{ id: 'read', type: 'llm', prompt: 'x', base_url: 'nope' }] }),
    ).toThrow(/base_url/);
  });
});
