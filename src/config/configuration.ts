import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROLES = ['api', 'webhook', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** Typed configuration of one process, read once from the environment at start. */
export interface AppConfig {
  port: number;
  webhookPort: number;
  baseUrl: string;
  webhookBaseUrl: string;
  docsUrl: string;
  databaseUrl: string | null;
  databasePath: string;
  redisUrl: string | null;
  /** QUEUE_PREFIX: prefix of the BullMQ keys and signal channels in Redis (REDIS_URL only). */
  queuePrefix: string;
  /** QUEUE_SWEEP_MS: how often workers put rows that lack a BullMQ job back in the queue. */
  queueSweepMs: number;
  roles: ReadonlySet<Role>;
  secretKey: string;
  outboundAllowPrivate: boolean;
  syncWaitMs: number;
  migrateOnStart: boolean;
  workerConcurrency: number;
  /** How long a worker's claim on a running execution lasts without renewal. */
  workerLeaseMs: number;
  /** How often an idle worker looks for queued executions (besides wake-up signals). */
  workerPollMs: number;
  /** Group commit of new executions: at most this many rows per batch (1 = one per request). */
  intakeBatchMax: number;
  /** Group commit: how long the first submit of a batch waits for others (0 = next tick). */
  intakeBatchWindowMs: number;
  /**
   * How long an agent stays in the caches of agents (webhook targets, REST trigger, worker; 0 = no
   * cache); changes made in this process evict at once.
   */
  agentCacheTtlMs: number;
  callbackRetryBaseMs: number;
  /** Whole time one callback attempt may take (connect, headers and body). */
  callbackTimeoutMs: number;
  /** Callback attempts in flight at once in one worker process. */
  callbackConcurrency: number;
  executionRetentionDays: number;
  /** Executions deleted per statement by the retention job. */
  retentionBatchSize: number;
  /** How often the retention job runs (worker role). */
  retentionIntervalMs: number;
  /** On SIGTERM: how long in-flight requests and runs may take before the process gives up on them. */
  shutdownGraceMs: number;
  logLevel: string;
  rateLimit: RateLimitConfig;
  /** The folder that holds the SQLite file and the generated secret key. */
  dataDir: string;
  /**
   * TRUST_PROXY: Express's `trust proxy` (false, true, a hop count or a comma list of
   * addresses/subnets): whether X-Forwarded-For/-Proto name the client's IP and https.
   */
  trustProxy: boolean | number | string;
  /** SESSION_IDLE_MS: a dashboard session ends after this long without a request (12 h). */
  sessionIdleMs: number;
  /** SESSION_MAX_MS: a dashboard session ends this long after sign-in, whatever its use (7 d). */
  sessionMaxMs: number;
  /**
   * Dashboard sign-in attempts allowed per window (SIGNIN_WINDOW_MS, 15 min): per address
   * (SIGNIN_MAX_PER_ADDRESS, 10) and per client IP (SIGNIN_MAX_PER_IP, 50).
   */
  signIn: { perAddress: number; perIp: number; windowMs: number };
}

/**
 * Rate-limit windows and the Redis key prefix. The windows are test-only knobs (production
 * keeps the defaults: the plan table in `throttling/plan-limits.ts` is per hour and second).
 */
export interface RateLimitConfig {
  /** THROTTLE_HOUR_MS: the "hourly" window (default 3600000). */
  hourMs: number;
  /** THROTTLE_SECOND_MS: the burst window (default 1000). */
  secondMs: number;
  /** THROTTLE_AUTH_WINDOW_MS: the window of the per-IP failed-authentication limit (60000). */
  failedAuthWindowMs: number;
  /** THROTTLE_KEY_PREFIX: prefix of the counter keys in Redis (default `aas:rl`). */
  keyPrefix: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/+$/, '');
}

function roles(env: Env): Set<Role> {
  const raw = str(env, 'ROLE', 'all').trim();
  if (raw === 'all') return new Set(ROLES);
  const parts = raw.split(',').map((part) => part.trim());
  for (const part of parts) {
    if (!(ROLES as readonly string[]).includes(part)) {
      throw new ConfigError(
        'ROLE',
        `must be "all" or a comma list of ${ROLES.join(', ')}, got "${raw}"`,
      );
    }
  }
  return new Set(parts as Role[]);
}

function keyPrefix(env: Env): string {
  const raw = str(env, 'THROTTLE_KEY_PREFIX', 'aas:rl');
  if (!/^[A-Za-z0-9:._-]{1,100}$/.test(raw)) {
    throw new ConfigError('THROTTLE_KEY_PREFIX', `must be 1-100 characters of A-Z a-z 0-9 : . _ -`);
  }
  return raw;
}

function queuePrefix(env: Env): string {
  const raw = str(env, 'QUEUE_PREFIX', 'aas');
  if (!/^[A-Za-z0-9:._{}-]{1,100}$/.test(raw)) {
    throw new ConfigError('QUEUE_PREFIX', `must be 1-100 characters of A-Z a-z 0-9 : . _ - { }`);
  }
  return raw;
}

/** SECRET_KEY, or a key generated once into the data folder and reused afterwards. */
function secretKey(env: Env, dataDir: string): string {
  const raw = env.SECRET_KEY;
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError('SECRET_KEY', 'must be at least 32 characters');
    return raw;
  }
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600, flag: 'wx' });
  return generated;
}

function trustProxy(env: Env): boolean | number | string {
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

export function loadConfig(env: Env = process.env): AppConfig {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const webhookPort = int(env, 'WEBHOOK_PORT', 3001, 0, 65535);
  const databasePath = resolve(str(env, 'DATABASE_PATH', './data/agents.sqlite'));
  const dataDir = dirname(databasePath);
  const databaseUrl = url(env, 'DATABASE_URL', null, ['mysql:', 'mariadb:']);
  return {
    port,
    webhookPort,
    baseUrl: url(env, 'BASE_URL', 'http://localhost:3000/v2', ['http:', 'https:'])!,
    webhookBaseUrl: url(env, 'WEBHOOK_BASE_URL', 'http://localhost:3001', ['http:', 'https:'])!,
    docsUrl: url(env, 'DOCS_URL', 'http://localhost:3000/docs', ['http:', 'https:'])!,
    databaseUrl,
    databasePath,
    redisUrl: url(env, 'REDIS_URL', null, ['redis:', 'rediss:']),
    queuePrefix: queuePrefix(env),
    queueSweepMs: int(env, 'QUEUE_SWEEP_MS', 5000, 100, 600_000),
    roles: roles(env),
    secretKey: secretKey(env, dataDir),
    outboundAllowPrivate: bool(env, 'OUTBOUND_ALLOW_PRIVATE', false),
    syncWaitMs: int(env, 'SYNC_WAIT_MS', 30000, 0, 3_600_000),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', false),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 32, 1, 1000),
    workerLeaseMs: int(env, 'WORKER_LEASE_MS', 30000, 100, 3_600_000),
    workerPollMs: int(env, 'WORKER_POLL_MS', 1000, 10, 60_000),
    intakeBatchMax: int(env, 'INTAKE_BATCH_MAX', 100, 1, 1000),
    intakeBatchWindowMs: int(env, 'INTAKE_BATCH_WINDOW_MS', 1, 0, 1000),
    agentCacheTtlMs: int(env, 'AGENT_CACHE_TTL_MS', 2000, 0, 60_000),
    callbackRetryBaseMs: int(env, 'CALLBACK_RETRY_BASE_MS', 10000, 1, 3_600_000),
    callbackTimeoutMs: int(env, 'CALLBACK_TIMEOUT_MS', 10000, 1, 600_000),
    callbackConcurrency: int(env, 'CALLBACK_CONCURRENCY', 16, 1, 1000),
    executionRetentionDays: int(env, 'EXECUTION_RETENTION_DAYS', 30, 1, 36500),
    retentionBatchSize: int(env, 'RETENTION_BATCH_SIZE', 500, 1, 10_000),
    retentionIntervalMs: int(env, 'RETENTION_INTERVAL_MS', 3_600_000, 1000, 86_400_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 25_000, 0, 600_000),
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    rateLimit: {
      hourMs: int(env, 'THROTTLE_HOUR_MS', 3_600_000, 1, 86_400_000),
      secondMs: int(env, 'THROTTLE_SECOND_MS', 1000, 1, 86_400_000),
      failedAuthWindowMs: int(env, 'THROTTLE_AUTH_WINDOW_MS', 60_000, 1, 86_400_000),
      keyPrefix: keyPrefix(env),
    },
    dataDir,
    trustProxy: trustProxy(env),
    sessionIdleMs: int(env, 'SESSION_IDLE_MS', 12 * 3_600_000, 1000, 365 * 86_400_000),
    sessionMaxMs: int(env, 'SESSION_MAX_MS', 7 * 86_400_000, 1000, 365 * 86_400_000),
    signIn: {
      perAddress: int(env, 'SIGNIN_MAX_PER_ADDRESS', 10, 1, 1_000_000),
      perIp: int(env, 'SIGNIN_MAX_PER_IP', 50, 1, 1_000_000),
      windowMs: int(env, 'SIGNIN_WINDOW_MS', 15 * 60_000, 1000, 86_400_000),
    },
  };
}
