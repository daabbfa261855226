import { SECRETS_USE } from '../auth/api-key.entity';
import type { AuthContext } from '../auth/auth.decorators';
import { ApiError } from '../common/api-error';

/** How a secret is referenced in a config string: `{{secrets.NAME}}`. */
export const SECRET_MARKER = '{{secrets.';

/** `steps[2].headers` + `Authorization` → `steps[2].headers.Authorization`; + 2 → `[2]`. */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The first string in `value` that references a secret, with its path; or null. */
export function findSecretReference(
  value: unknown,
  path: string,
): { path: string; reference: string } | null {
  if (typeof value === 'string') {
    const at = value.indexOf(SECRET_MARKER);
    if (at < 0) return null;
    const end = value.indexOf('}}', at);
    return { path, reference: end < 0 ? value.slice(at) : value.slice(at, end + 2) };
  }
  if (value === null || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item: unknown, index) => [index, item])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const found = findSecretReference(child, childPath(path, key));
    if (found) return found;
  }
  return null;
}

/**
 * Saving or test-running a config that references `{{secrets.NAME}}` needs the `secrets:use`
 * scope (an owner's session has it, a member's does not): else 403 `forbidden` whose `field`
 * is the first reference (`config.steps[1].headers.Authorization`). Any string of the config
 * counts, wherever it is: a reference the kind refuses is refused by its validation anyway.
 */
export function assertMayUseSecrets(auth: AuthContext, config: unknown, path = 'config'): void {
  if (auth.scopes.has(SECRETS_USE)) return;
  const found = findSecretReference(config, path);
  if (found === null) return;
  const reference = found.reference.slice(0, 80);
  throw new ApiError(
    'forbidden',
    auth.session
      ? `Only an account owner can save or test a config that uses a secret (${reference}); ask an owner to make this change`
      : `This API key lacks the "${SECRETS_USE}" scope, needed to save or test a config that uses a secret (${reference})`,
    found.path,
  );
}
