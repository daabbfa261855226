import { ConfigValidationError } from '../../src/kinds/agent-kind';

/**
 * The JSON path that `parse` names when it refuses a config (a `ConfigValidationError`);
 * fails the test when it accepts it or throws anything else.
 */
export function refusedAt(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.path;
    throw error;
  }
  throw new Error('the config was accepted');
}
