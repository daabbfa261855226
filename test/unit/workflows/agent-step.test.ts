import { afterAll, describe, expect, it } from 'vitest';
import { agentStepRefs } from '../../../src/agents/agent-step-refs';
import { refusedAt } from '../../support/config-errors';
import { compile, sandbox } from './harness';

afterAll(() => sandbox.close());

const fieldOf = (fields: Record<string, unknown>) =>
  refusedAt(() => compile({ steps: [{ id: 'call', type: 'agent', ...fields }] }));

describe('agent step: its definition', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['no agent_id', {}, 'steps[0].agent_id'],
    ['an empty agent_id', { agent_id: '' }, 'steps[0].agent_id'],
    ['an agent_id that is not text', { agent_id: 7 }, 'steps[0].agent_id'],
    ['wait not a boolean', { agent_id: 'agt_x', wait: 'yes' }, 'steps[0].wait'],
    ['an unknown field', { agent_id: 'agt_x', agent: 'agt_x' }, 'steps[0].agent'],
  ])('refuses %s at its path', (_, fields, path) => {
    expect(fieldOf(fields)).toBe(path);
  });

  it('accepts a literal id, an input value and wait: false', () => {
    expect(() =>
      compile({
        steps: [
          {
            id: 'call',
            type: 'agent',
            agent_id: 'agt_x',
            input: { a: '{% $input.a %}' },
            wait: false,
          },
        ],
      }),
    ).not.toThrow();
  });

  it('refuses an agent tool with http too, or without an id, at its path', () => {
    const llm = (tool: Record<string, unknown>) => () =>
      compile({
        steps: [{ id: 'ask', type: 'llm', prompt: 'hi', tools: [{ name: 't', ...tool }] }],
      });
    expect(refusedAt(llm({ agent: 'agt_x', http: { url: 'https://a.example' } }))).toBe(
      'steps[0].tools[0].http',
    );
    expect(refusedAt(llm({ agent: 3 }))).toBe('steps[0].tools[0].agent');
    expect(refusedAt(llm({ agent: 'agt_x', parameters: { type: 'string' } }))).toBe(
      'steps[0].tools[0].parameters',
    );
  });

  it('finds the agent tools of llm steps', () => {
    const config = {
      steps: [
        {
          id: 'ask',
          type: 'llm',
          prompt: 'hi',
          tools: [
            { name: 'h', http: {} },
            { name: 'a', agent: 'agt_9' },
          ],
        },
      ],
    };
    expect(agentStepRefs(config)).toEqual([{ agentId: 'agt_9', path: 'steps[0].tools[1].agent' }]);
  });

  it('finds every agent step with its path, nested ones included', () => {
    const config = {
      steps: [
        { id: 'a', type: 'agent', agent_id: 'agt_1' },
        { id: 'b', type: 'transform', value: { type: 'agent', agent_id: 'agt_not_a_step' } },
        {
          id: 'c',
          type: 'branch',
          cases: [{ when: true, steps: [{ id: 'd', type: 'agent', agent_id: 'agt_2' }] }],
          default: [
            {
              id: 'e',
              type: 'foreach',
              items: [1],
              steps: [{ id: 'f', type: 'agent', agent_id: 'agt_3' }],
            },
          ],
        },
      ],
    };
    expect(agentStepRefs(config)).toEqual([
      { agentId: 'agt_1', path: 'steps[0].agent_id' },
      { agentId: 'agt_2', path: 'steps[2].cases[0].steps[0].agent_id' },
      { agentId: 'agt_3', path: 'steps[2].default[0].steps[0].agent_id' },
    ]);
  });
});
