import { HEADER_NAME, TRANSPORT_HEADERS } from '../../common/outbound/headers';
import { ConfigValidationError } from '../../kinds/agent-kind';
import { SECRET_NAME_PATTERN } from '../../secrets/secret.entity';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath, compileExpressionString, SECRET_MARKER } from '../expressions/value';
import type { CompiledExpression, ExpressionSandbox } from '../expressions/sandbox';
import { isPlainObject } from '../fields';
import type { StepContext } from '../step-type';

/** Headers the transport or the engine owns: a step may not set them. */
const RESERVED = new Set([...TRANSPORT_HEADERS, 'idempotency-key']);
const SECRET_REFERENCE = /\{\{secrets\.([^}]*)\}\}/g;
const BAD_CHARACTERS = /[\r\n\0]/;

/** A header value: an expression, or literal text with `{{secrets.NAME}}` references. */
type HeaderValue = { expression: CompiledExpression } | { parts: (string | { secret: string })[] };

export type CompiledHeaders = [name: string, value: HeaderValue][];

export function compileHeaders(
  raw: unknown,
  path: string,
  sandbox: ExpressionSandbox,
): CompiledHeaders {
  if (raw === undefined) return [];
  if (!isPlainObject(raw))
    throw new ConfigValidationError(path, 'headers must be an object of strings');
  return Object.entries(raw).map(([name, value]) => {
    const headerPath = childPath(path, name);
    if (!HEADER_NAME.test(name)) throw new ConfigValidationError(headerPath, 'Invalid header name');
    if (RESERVED.has(name.toLowerCase())) {
      throw new ConfigValidationError(headerPath, `The ${name} header cannot be set`);
    }
    if (typeof value !== 'string' || BAD_CHARACTERS.test(value)) {
      throw new ConfigValidationError(
        headerPath,
        'A header value must be a string without line breaks',
      );
    }
    const expression = compileExpressionString(value, headerPath, sandbox);
    if (expression) return [name.toLowerCase(), { expression }];
    return [name.toLowerCase(), { parts: parseSecrets(value, headerPath) }];
  });
}

function parseSecrets(text: string, path: string): (string | { secret: string })[] {
  const parts: (string | { secret: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(SECRET_REFERENCE)) {
    if (!SECRET_NAME_PATTERN.test(match[1])) {
      throw new ConfigValidationError(
        path,
        `"${match[1]}" is not a secret name (^[A-Z][A-Z0-9_]{0,63}$)`,
      );
    }
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ secret: match[1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  const literal = parts.filter((part): part is string => typeof part === 'string').join('');
  if (literal.includes(SECRET_MARKER)) {
    throw new ConfigValidationError(path, 'A secret reference is written {{secrets.NAME}}');
  }
  return parts;
}

/** The header values of one request, secrets resolved (and remembered for redaction). */
export async function resolveHeaders(
  headers: CompiledHeaders,
  context: StepContext,
): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [name, value] of headers) {
    let text: string;
    if ('expression' in value) {
      const evaluated = await context.evaluate({
        constant: false,
        nondeterministic: value.expression.nondeterministic,
        evaluate: (scope) => value.expression.evaluate(scope),
      });
      if (typeof evaluated !== 'string' || BAD_CHARACTERS.test(evaluated)) {
        throw new StepError(
          WorkflowErrorCode.expressionError,
          `The ${name} header must evaluate to a string without line breaks`,
        );
      }
      text = evaluated;
    } else {
      const parts: string[] = [];
      for (const part of value.parts) {
        parts.push(typeof part === 'string' ? part : await context.secret(part.secret));
      }
      text = parts.join('');
    }
    result[name] = text;
  }
  return result;
}
