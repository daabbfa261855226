import type { SchemaObject } from '@nestjs/swagger';
import type { RegisteredKind } from '../../kinds/kind-registry';
import { MAX_STEPS } from '../workflow-definition';

/**
 * The JSON Schema of a `workflow` config (docs/workflows.md, The definition), written by hand: a
 * schema per step type, discriminated by `type`, every registered agent kind included
 * (`<Kind>Step`, whose `config` is that kind's config schema). The API validates with `compileWorkflow`, which
 * checks more than a schema can say (unique ids, expressions, nesting); this documents it.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as SchemaObject;

const VALUE: SchemaObject = {
  description:
    'Any JSON; a string `"{% expr %}"` stands for the result of the JSONata expression `expr`',
};
const STEPS: SchemaObject = {
  type: 'array',
  minItems: 1,
  items: ref('WorkflowStep'),
  description: 'Steps run in order',
};

const COMMON: Record<string, SchemaObject> = {
  id: {
    type: 'string',
    pattern: '^[a-z][a-z0-9_]{0,63}$',
    description: 'Unique in the workflow',
    example: 'qualify',
  },
  when: { ...VALUE, description: 'A value; a falsy result skips the step (status `skipped`)' },
  retry: {
    type: 'object',
    additionalProperties: false,
    properties: {
      max_attempts: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
      interval_ms: { type: 'integer', minimum: 0, default: 1000 },
      backoff_rate: { type: 'number', minimum: 1, default: 2 },
      max_delay_ms: { type: 'integer', minimum: 0 },
      jitter: { type: 'string', enum: ['full', 'none'], default: 'full' },
      on: { type: 'array', items: { type: 'string' }, description: 'Error codes to retry' },
    },
  },
  on_error: { type: 'string', enum: ['fail', 'continue'], default: 'fail' },
  timeout_ms: { type: 'integer', minimum: 100, maximum: 600000 },
};

function step(
  type: string,
  description: string,
  properties: Record<string, SchemaObject>,
  required: string[] = [],
): SchemaObject {
  return {
    type: 'object',
    description,
    additionalProperties: false,
    required: ['id', 'type', ...required],
    properties: { ...COMMON, type: { type: 'string', enum: [type] }, ...properties },
  };
}

const BUILT_IN: Record<string, [string, SchemaObject]> = {
  transform: [
    'WorkflowTransformStep',
    step('transform', 'Output: the value', { value: VALUE }, ['value']),
  ],
  http: [
    'WorkflowHttpStep',
    step(
      'http',
      'Output: `{status_code, headers, body}`; a status ≥ 400 fails with `http_error`. Sends `Idempotency-Key: <execution id>:<step id>`',
      {
        url: { ...VALUE, description: 'A value → an http(s) URL' },
        method: {
          type: 'string',
          enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          default: 'POST',
        },
        headers: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Values; `{{secrets.NAME}}` inserts an account secret',
        },
        body: VALUE,
      },
      ['url'],
    ),
  ],
  branch: [
    'WorkflowBranchStep',
    step(
      'branch',
      'Runs the steps of the first case whose `when` is truthy, else `default`',
      {
        cases: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['when', 'steps'],
            properties: { when: VALUE, steps: STEPS },
          },
        },
        default: STEPS,
      },
      ['cases'],
    ),
  ],
  foreach: [
    'WorkflowForeachStep',
    step(
      'foreach',
      'Runs `steps` for each item (`$item`, `$index`); output: the last output of each item',
      {
        items: { ...VALUE, description: 'A value → an array of at most 1000 items' },
        steps: STEPS,
        concurrency: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
      },
      ['items', 'steps'],
    ),
  ],
  fail: [
    'WorkflowFailStep',
    step('fail', 'Ends the execution as failed', { code: { type: 'string' }, message: VALUE }, [
      'code',
      'message',
    ]),
  ],
  llm: [
    'WorkflowLlmStep',
    step(
      'llm',
      'Calls an OpenAI-compatible `POST {base_url}/chat/completions`. Output: the answer parsed and validated against `output_schema`, else `{text}`. Errors: `invalid_llm_output`, `llm_refused`, `llm_error`, `mcp_error`, `max_turns_exceeded`, `budget_exceeded`',
      {
        prompt: { ...VALUE, description: 'A value → the user message (a string)' },
        system: { ...VALUE, description: 'A value → the system message (a string)' },
        model: { type: 'string', description: 'Default: the operator’s `LLM_MODEL`' },
        output_schema: {
          type: 'object',
          description:
            'A JSON Schema of `"type": "object"`, normalised for strict structured output: every object closed, optional properties made required and nullable; unsupported keywords are refused (docs/workflows.md)',
        },
        temperature: { type: 'number', minimum: 0, maximum: 2 },
        max_tokens: { type: 'integer', minimum: 1 },
        tools: {
          type: 'array',
          maxItems: 32,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            oneOf: [{ required: ['parameters', 'http'] }, { required: ['agent'] }],
            properties: {
              name: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
              description: { type: 'string' },
              parameters: {
                type: 'object',
                description:
                  'A JSON Schema of the arguments; for an agent tool, default its agent’s `input_schema`',
              },
              agent: {
                type: 'string',
                description:
                  'An agent of the same account (checked when saved): each call is a child execution; the tool message is its output, or `{"error": {code, message}}`',
                example: 'agt_01jd8z2c4v6b8n0m2k4j6h8g0f',
              },
              http: {
                type: 'object',
                additionalProperties: false,
                required: ['url'],
                properties: {
                  url: { type: 'string', format: 'uri' },
                  method: {
                    type: 'string',
                    enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
                    default: 'POST',
                  },
                  headers: {
                    type: 'object',
                    additionalProperties: { type: 'string' },
                    description: 'Values; `{{secrets.NAME}}` inserts an account secret',
                  },
                },
              },
            },
          },
        },
        mcp_servers: {
          type: 'array',
          maxItems: 5,
          description:
            'MCP servers (Streamable HTTP) whose tools are offered to the model beside `tools`: listed once per attempt, each call a `tools/call` (obeys the outbound policy; unreachable or a protocol error: `mcp_error`)',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['url'],
            properties: {
              url: { type: 'string', format: 'uri' },
              headers: {
                type: 'object',
                additionalProperties: { type: 'string' },
                description: 'Values; `{{secrets.NAME}}` inserts an account secret',
              },
              tools: {
                type: 'array',
                items: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
                description: 'Only these of the server’s tools (default: all)',
              },
            },
          },
        },
        max_turns: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
        base_url: {
          type: 'string',
          format: 'uri',
          description: 'Default: the operator’s `LLM_BASE_URL`; obeys the outbound policy',
        },
        api_key: { type: 'string', pattern: '^\\{\\{secrets\\.[A-Z][A-Z0-9_]{0,63}\\}\\}$' },
      },
      ['prompt'],
    ),
  ],
  wait: [
    'WorkflowWaitStep',
    {
      ...step(
        'wait',
        'Pauses the run without holding a worker: for `duration_ms`, until `until`, or until the token `token` is completed. Output: `{waited_ms}` (a time). Errors: `invalid_wait`, `wait_timeout`',
        {
          duration_ms: {
            ...VALUE,
            description: 'A value → an integer of milliseconds, 0 to 7776000000 (90 days)',
          },
          until: {
            ...VALUE,
            description:
              'A value → an ISO 8601 timestamp with a time zone, at most 90 days ahead; one in the past does not wait',
          },
          token: {
            ...VALUE,
            description:
              'A value → the id of a token this execution created (`create_token`). Output: `{data, choice, completed_at, completed_by}`; an expired token fails with `wait_timeout`',
          },
        },
      ),
      oneOf: [{ required: ['duration_ms'] }, { required: ['until'] }, { required: ['token'] }],
    },
  ],
  create_token: [
    'WorkflowCreateTokenStep',
    step(
      'create_token',
      'Makes a wait token to be completed once (API, dashboard or its callback URL). Output: `{id, url, expires_at}`',
      {
        timeout_ms: {
          ...VALUE,
          description:
            'A value → milliseconds until it expires, 1 to 7776000000 (90 days); default one day',
        },
        title: { ...VALUE, description: 'A value → text of at most 200 characters' },
        description: { ...VALUE, description: 'A value → text of at most 2,000 characters' },
        choices: {
          type: 'array',
          minItems: 1,
          maxItems: 10,
          uniqueItems: true,
          items: { type: 'string', minLength: 1, maxLength: 200 },
          example: ['approve', 'reject'],
        },
      },
    ),
  ],
  agent: [
    'WorkflowAgentStep',
    step(
      'agent',
      'Starts another agent of the account as an execution of its own (`source: "agent"`). `wait: true`: the run waits, holding no worker, and the output is the child’s output; a failed or cancelled child fails the step with `agent_failed`. `wait: false`: the output is `{execution_id}` at once. Errors: `invalid_input`, `agent_paused`, `agent_depth_exceeded`, `agent_failed`',
      {
        agent_id: {
          type: 'string',
          description: 'The id of an agent of the same account (checked when saved)',
          example: 'agt_01jd8z2c4v6b8n0m2k4j6h8g0f',
        },
        input: { ...VALUE, description: 'A value → an object (default `$input`)' },
        wait: { type: 'boolean', default: true },
      },
      ['agent_id'],
    ),
  ],
};

/** `lead-qualification` → `LeadQualificationStep`. */
function kindStepName(kind: string): string {
  return `${kind.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Step`;
}

export function workflowConfigSchema(kinds: readonly RegisteredKind[]): {
  schema: SchemaObject;
  schemas: Record<string, SchemaObject>;
} {
  const schemas: Record<string, SchemaObject> = {};
  const mapping: Record<string, string> = {};
  for (const [type, [name, schema]] of Object.entries(BUILT_IN)) {
    schemas[name] = schema;
    mapping[type] = `#/components/schemas/${name}`;
  }
  for (const kind of kinds) {
    const name = kindStepName(kind.name);
    // A kind whose config has required fields (http-request's `url`) needs the step's config.
    const needsConfig = (kind.configSchema.required?.length ?? 0) > 0;
    schemas[name] = step(
      kind.name,
      `Runs the \`${kind.name}\` agent kind; output: its output`,
      {
        input: { ...VALUE, description: 'A value → an object (default `$input`)' },
        config: ref(kind.configClass.name),
      },
      needsConfig ? ['config'] : [],
    );
    mapping[kind.name] = `#/components/schemas/${name}`;
  }
  schemas.WorkflowStep = {
    description: 'One step; `type` says which',
    oneOf: Object.values(mapping).map((target) => ({ $ref: target }) as SchemaObject),
    discriminator: { propertyName: 'type', mapping },
  };
  const schema: SchemaObject = {
    type: 'object',
    additionalProperties: false,
    required: ['steps'],
    properties: {
      steps: { ...STEPS, maxItems: MAX_STEPS, description: `At most ${MAX_STEPS} steps in all` },
      output: { ...VALUE, description: 'The workflow output (default: the last step output)' },
      limits: {
        type: 'object',
        additionalProperties: false,
        properties: {
          max_llm_calls: {
            type: 'integer',
            minimum: 0,
            description: 'The most model calls of the whole execution, checked before each call',
          },
          max_tokens: {
            type: 'integer',
            minimum: 0,
            description: 'Tokens of the whole execution: no model call once they are used',
          },
        },
      },
    },
  };
  schemas.WorkflowConfig = schema;
  return { schema, schemas };
}
