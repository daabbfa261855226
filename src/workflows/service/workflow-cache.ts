import {
  compileWorkflow,
  type CompiledWorkflow,
  type CompileOptions,
} from '../workflow-definition';

/** Compiled workflows kept; an agent version never changes, so an entry never goes stale. */
const MAX_CACHED = 1000;

/**
 * Compiled workflows by agent version (`<agent id>:<version>`): a definition is validated and
 * compiled once per version in a process, and every run of that version reuses it.
 */
export class WorkflowCache {
  private readonly entries = new Map<string, CompiledWorkflow>();

  constructor(private readonly options: () => CompileOptions) {}

  /** Compiles `config` (throws ConfigValidationError); kept under `key` when one is given. */
  compile(config: unknown, key?: string): CompiledWorkflow {
    if (key !== undefined) {
      const hit = this.entries.get(key);
      if (hit) {
        // Most recently used last, so that the oldest is evicted first.
        this.entries.delete(key);
        this.entries.set(key, hit);
        return hit;
      }
    }
    const compiled = compileWorkflow(config, this.options());
    if (key !== undefined) {
      if (this.entries.size >= MAX_CACHED) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, compiled);
    }
    return compiled;
  }

  get size(): number {
    return this.entries.size;
  }
}
