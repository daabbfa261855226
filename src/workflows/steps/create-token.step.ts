import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import { arrayField } from '../fields';
import type { CompileContext, StepContext, StepType } from '../step-type';
import { MAX_WAIT_MS } from './wait.step';

/** A token's life when the step sets no `timeout_ms`: one day. */
export const DEFAULT_TOKEN_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 2000;
const MAX_CHOICES = 10;

interface CreateTokenBody {
  timeoutMs?: CompiledValue;
  title?: CompiledValue;
  description?: CompiledValue;
  choices: string[] | null;
}

/**
 * `create_token`: makes a wait token of this execution, to be completed once by a person or
 * another system (the API, the dashboard, or its callback URL); a later `wait` step with
 * `token` waits for it. Fields: `timeout_ms` (a value → milliseconds, default one day, at most
 * 90 days), `title`, `description` (values → text of at most 200 / 2,000 characters),
 * `choices` (1 to 10 strings). Output `{id, url, expires_at}`; `url` holds the token's secret.
 */
export class CreateTokenStep implements StepType<CreateTokenBody> {
  readonly type = 'create_token';
  readonly fields = ['timeout_ms', 'title', 'description', 'choices'];
  readonly pure = false;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): CreateTokenBody {
    const value = (field: string) =>
      raw[field] === undefined ? undefined : context.value(raw[field], childPath(path, field));
    let choices: string[] | null = null;
    if (raw.choices !== undefined) {
      const at = childPath(path, 'choices');
      const list = arrayField(raw.choices, at, 'strings');
      if (list.length < 1 || list.length > MAX_CHOICES) {
        throw new ConfigValidationError(at, `choices must hold 1 to ${MAX_CHOICES} strings`);
      }
      list.forEach((choice, i) => {
        if (typeof choice !== 'string' || choice.length < 1 || choice.length > MAX_TITLE) {
          throw new ConfigValidationError(
            childPath(at, i),
            `a choice must be a string of 1 to ${MAX_TITLE} characters`,
          );
        }
      });
      if (new Set(list).size !== list.length) {
        throw new ConfigValidationError(at, 'choices must be distinct');
      }
      choices = list as string[];
    }
    const body: CreateTokenBody = {
      timeoutMs: value('timeout_ms'),
      title: value('title'),
      description: value('description'),
      choices,
    };
    if (body.timeoutMs?.constant) {
      const problem = timeoutProblem(raw.timeout_ms);
      if (problem) throw new ConfigValidationError(childPath(path, 'timeout_ms'), problem);
    }
    return body;
  }

  async run(body: CreateTokenBody, context: StepContext): Promise<unknown> {
    if (!context.tokens) {
      throw new StepError(WorkflowErrorCode.invalidWait, 'Wait tokens need an execution');
    }
    const timeout = body.timeoutMs
      ? await context.evaluate(body.timeoutMs)
      : DEFAULT_TOKEN_TIMEOUT_MS;
    const problem = timeoutProblem(timeout);
    if (problem) throw new StepError(WorkflowErrorCode.invalidWait, problem);
    return context.tokens.create({
      stepId: context.recordId,
      timeoutMs: timeout as number,
      title: await text(context, body.title, 'title', MAX_TITLE),
      description: await text(context, body.description, 'description', MAX_DESCRIPTION),
      choices: body.choices,
    });
  }
}

function timeoutProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_WAIT_MS) {
    return `timeout_ms must be an integer between 1 and ${MAX_WAIT_MS} (90 days)`;
  }
  return null;
}

async function text(
  context: StepContext,
  value: CompiledValue | undefined,
  name: string,
  max: number,
): Promise<string | null> {
  if (!value) return null;
  const result = await context.evaluate(value);
  if (result === null || result === undefined) return null;
  if (typeof result !== 'string' || result.length > max) {
    throw new StepError(
      WorkflowErrorCode.invalidWait,
      `${name} must be a string of at most ${max} characters`,
    );
  }
  return result;
}
