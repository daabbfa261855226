import type { Env } from './config-error';

/**
 * A URL as it may be shown in a message: whatever stands before its last `@` (user and
 * password) replaced by `***`, so that a malformed DATABASE_URL or REDIS_URL is never echoed
 * with its password.
 */
export function maskUrlCredentials(raw: string): string {
  const at = raw.lastIndexOf('@');
  if (at < 0) return raw;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(raw)?.[0] ?? '';
  return `${scheme}***${raw.slice(at)}`;
}

/**
 * `message` with every credential of the configuration (the passwords of DATABASE_URL and
 * REDIS_URL, raw and decoded, SECRET_KEY, SECRET_KEY_PREVIOUS, LLM_API_KEY) replaced by `***`: for the
 * messages printed when the service or the CLI cannot start.
 */
export function redactConfigSecrets(message: string, env: Env = process.env): string {
  const secrets = new Set<string>();
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    const raw = env[name];
    if (!raw) continue;
    const at = raw.lastIndexOf('@');
    const userinfo = at < 0 ? '' : raw.slice(raw.indexOf('//') + 2, at);
    const colon = userinfo.indexOf(':');
    if (colon < 0) continue;
    const password = userinfo.slice(colon + 1);
    secrets.add(password);
    try {
      secrets.add(decodeURIComponent(password));
    } catch {
      // not percent-encoded
    }
  }
  for (const name of ['SECRET_KEY', 'SECRET_KEY_PREVIOUS', 'LLM_API_KEY'])
    if (env[name]) secrets.add(env[name]);
  let redacted = message;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    // Very short values would mask ordinary words; passwords that short are not worth hiding.
    if (secret.length >= 4) redacted = redacted.split(secret).join('***');
  }
  return redacted;
}
