// The workflow rows of `npm run bench` (BENCHMARKS.md, Targets): a 5-step workflow agent measured
// end to end like the plain lead-qualification agent, and the cost of one pure step in the engine.
'use strict';
const { join } = require('node:path');

/** transform → lead-qualification → branch (one transform in each arm): 5 steps in all. */
const FIVE_STEPS = {
  steps: [
    {
      id: 'normalise',
      type: 'transform',
      value: {
        email: '{% $input.email_address %}',
        name: '{% $input.full_name %}',
        company: '{% $input.company_name %}',
        phone: '{% $input.phone_number %}',
        message: '{% $input.inquiry %}',
      },
    },
    { id: 'qualify', type: 'lead-qualification', input: '{% $steps.normalise %}' },
    {
      id: 'route',
      type: 'branch',
      cases: [
        {
          when: '{% $steps.qualify.qualified %}',
          steps: [{ id: 'hot', type: 'transform', value: { priority: 'high', score: '{% $steps.qualify.score %}' } }],
        },
      ],
      default: [{ id: 'cold', type: 'transform', value: { priority: 'low' } }],
    },
  ],
};

async function createWorkflowAgent(api, auth) {
  const res = await fetch(`${api}/v2/agents`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Bench workflow', kind: 'workflow', config: FIVE_STEPS }),
  });
  if (res.status !== 201) throw new Error(`creating the workflow agent answered ${res.status}`);
  const agent = await res.json();
  return { id: agent.id, webhook_url: agent.webhook_url };
}

/** µs per pure step: (a run of 21 transform steps − a run of 1) / 20, in the built engine. */
async function pureStepMicroseconds(root) {
  const engine = require(join(root, 'dist', 'src', 'workflows', 'index.js'));
  const sandbox = new engine.ExpressionSandbox();
  const workflow = (n) =>
    engine.compileWorkflow(
      {
        steps: Array.from({ length: n }, (_, i) => ({
          id: `s${i}`,
          type: 'transform',
          value: { email: '{% $input.email %}', i },
        })),
      },
      { sandbox },
    );
  const context = () => ({
    execution: { id: 'exe_bench', agent_id: 'agt_bench', source: 'api' },
    accountId: 'acc_bench',
    input: { email: 'jane@acme.io' },
    signal: new AbortController().signal,
    logger: { log() {} },
    checkpoint: { load: async () => [], save: async () => {} },
    http: { request: async () => { throw new Error('no http here'); } },
    secrets: async () => undefined,
  });
  const time = async (compiled, runs) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) await engine.runWorkflow(compiled, context());
    return Number(process.hrtime.bigint() - t0) / 1000 / runs;
  };
  try {
    const one = workflow(1);
    const many = workflow(21);
    await time(one, 500);
    await time(many, 500); // warm-up
    const perStep = ((await time(many, 2000)) - (await time(one, 2000))) / 20;
    return +perStep.toFixed(2);
  } finally {
    sandbox.close();
  }
}

module.exports = { createWorkflowAgent, pureStepMicroseconds, FIVE_STEPS };
