import { ConfigError, type Env } from './config-error';
import { type Plan, PLANS } from './plans';
import { maskUrlCredentials } from './redaction';

/*
 * Readers of environment variables for loadConfig (configuration.ts): each reads one
 * variable (or one kind of variable), applies its default and refuses a bad value with a
 * ConfigError naming the variable.
 */

export function str(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

export function url(
  env: Env,
  name: string,
  fallback: string | null,
  protocols: string[],
): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${maskUrlCredentials(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** HOST: an IP address or host name to bind to; unset, empty, `0.0.0.0` or `::` bind to all. */
export function host(env: Env): string | null {
  const raw = str(env, 'HOST', '').trim();
  if (raw === '') return null;
  if (!/^(\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*|[A-Za-z0-9.-]+)$/.test(raw)) {
    throw new ConfigError('HOST', `must be an IP address or host name, got "${raw}"`);
  }
  return raw.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The public origin of a listener on `port` when no URL is configured: HOST (`localhost` when
 * HOST binds every interface, which is no address a client can use), as a URL origin.
 */
export function listenerOrigin(bindHost: string | null, port: number): string {
  const name =
    bindHost === null || bindHost === '0.0.0.0' || bindHost === '::' ? 'localhost' : bindHost;
  return new URL(`http://${name.includes(':') ? `[${name}]` : name}:${port}`).origin;
}

/** `/docs` beside the REST base: BASE_URL without its final `/v2`. */
export function docsBeside(baseUrl: string): string {
  return `${baseUrl.replace(/\/v2$/, '')}/docs`;
}

/** The dashboard beside the REST base: BASE_URL without its final `/v2`, plus `/dashboard`. */
export function dashboardBeside(baseUrl: string): string {
  return `${baseUrl.replace(/\/v2$/, '')}/dashboard`;
}

/** ACCOUNT_CONCURRENCY: `plan=runs` pairs, comma separated (`free_trial=2,pro=8`). */
export function accountConcurrency(env: Env): Partial<Record<Plan, number>> {
  const raw = str(env, 'ACCOUNT_CONCURRENCY', '').trim();
  const caps: Partial<Record<Plan, number>> = {};
  if (raw === '') return caps;
  for (const part of raw.split(',')) {
    const match = /^\s*([a-z_]+)\s*=\s*(\d{1,4})\s*$/.exec(part);
    if (!match || !(PLANS as readonly string[]).includes(match[1]) || Number(match[2]) < 1) {
      throw new ConfigError(
        'ACCOUNT_CONCURRENCY',
        `must be a comma list of <plan>=<runs ≥ 1> with plans ${PLANS.join(', ')}, got "${raw}"`,
      );
    }
    caps[match[1] as Plan] = Number(match[2]);
  }
  return caps;
}

/** PLAN_MONTHLY_TOKENS: `plan=tokens` pairs, comma separated (`free_trial=100000,pro=5000000`). */
export function planMonthlyTokens(env: Env): Partial<Record<Plan, number>> {
  const raw = str(env, 'PLAN_MONTHLY_TOKENS', '').trim();
  const allowances: Partial<Record<Plan, number>> = {};
  if (raw === '') return allowances;
  for (const part of raw.split(',')) {
    const match = /^\s*([a-z_]+)\s*=\s*(\d{1,15})\s*$/.exec(part);
    const plan = match?.[1];
    if (!match || !(PLANS as readonly string[]).includes(plan!) || plan! in allowances) {
      throw new ConfigError(
        'PLAN_MONTHLY_TOKENS',
        `must be a comma list of <plan>=<tokens ≥ 0>, each plan once, with plans ${PLANS.join(', ')}, got "${raw}"`,
      );
    }
    allowances[plan as Plan] = Number(match[2]);
  }
  return allowances;
}

export function keyPrefix(env: Env): string {
  const raw = str(env, 'THROTTLE_KEY_PREFIX', 'aas:rl');
  if (!/^[A-Za-z0-9:._-]{1,100}$/.test(raw)) {
    throw new ConfigError('THROTTLE_KEY_PREFIX', `must be 1-100 characters of A-Z a-z 0-9 : . _ -`);
  }
  return raw;
}

export function queuePrefix(env: Env): string {
  const raw = str(env, 'QUEUE_PREFIX', 'aas');
  if (!/^[A-Za-z0-9:._{}-]{1,100}$/.test(raw)) {
    throw new ConfigError('QUEUE_PREFIX', `must be 1-100 characters of A-Z a-z 0-9 : . _ - { }`);
  }
  return raw;
}

/** METRICS_TOKEN: unset or empty for an open /metrics; else at least 16 visible characters. */
export function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new ConfigError(
      'METRICS_TOKEN',
      'must be 16 to 256 visible ASCII characters (no spaces)',
    );
  }
  return raw;
}

export function trustProxy(env: Env): boolean | number | string {
  const raw = str(env, 'TRUST_PROXY', 'false').trim();
  if (/^(false|0|no)$/i.test(raw)) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9A-Fa-f:.,/\s]+$|^(loopback|linklocal|uniquelocal)([\s,]|$)/.test(raw)) return raw;
  throw new ConfigError(
    'TRUST_PROXY',
    `must be true, false, a hop count or a comma list of proxy addresses, got "${raw}"`,
  );
}

/** CORS_ORIGINS: a comma list of exact http(s) origins, each as a browser sends it. */
export function corsOrigins(env: Env): string[] {
  const raw = str(env, 'CORS_ORIGINS', '').trim();
  if (raw === '') return [];
  const origins = raw.split(',').map((part) => part.trim());
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        'CORS_ORIGINS',
        `must be a comma list of exact origins such as https://app.example.com (scheme, host and port only, no path, no "*"), got "${origin}"`,
      );
    }
  }
  return [...new Set(origins)];
}

/** LLM_API_KEY: unset or empty for none; else visible ASCII without spaces (a bearer token). */
export function llmApiKey(env: Env): string | null {
  const raw = env.LLM_API_KEY;
  if (raw === undefined || raw === '') return null;
  if (!/^[\x21-\x7e]{1,4096}$/.test(raw)) {
    throw new ConfigError('LLM_API_KEY', 'must be visible ASCII characters without spaces');
  }
  return raw;
}

export function llmModel(env: Env): string | null {
  const raw = str(env, 'LLM_MODEL', '').trim();
  if (raw === '') return null;
  if (raw.length > 200 || !/^[\x20-\x7e]+$/.test(raw)) {
    throw new ConfigError(
      'LLM_MODEL',
      'must be a model name of at most 200 visible ASCII characters',
    );
  }
  return raw;
}
