import { StepError, WorkflowErrorCode } from './errors';
import { redactText, toOutput } from './output';
import type { SecretResolver } from './context';

/**
 * The secrets one run resolved: each name looked up once, each value remembered so that it
 * is replaced by `[redacted]` in outputs, step records, errors and logs (docs/api.md, Secrets).
 */
export class RunSecrets {
  /** Longest first, so that a secret containing another is redacted whole. */
  values: string[] = [];
  private readonly cache = new Map<string, string>();

  constructor(private readonly resolver: SecretResolver) {}

  async get(name: string): Promise<string> {
    let value = this.cache.get(name);
    if (value === undefined) {
      value = await this.resolver(name);
      if (value === undefined) {
        throw new StepError(WorkflowErrorCode.secretNotFound, `No secret named ${name}`);
      }
      this.cache.set(name, value);
      if (value !== '') this.values = [...this.values, value].sort((a, b) => b.length - a.length);
    }
    return value;
  }

  redact(text: string): string {
    return this.values.length === 0 ? text : redactText(text, this.values);
  }

  /** A JSON value with every secret redacted (unchanged when none was resolved). */
  scrub(value: unknown): unknown {
    if (this.values.length === 0) return value;
    try {
      return toOutput(value, this.values);
    } catch {
      return null;
    }
  }
}
