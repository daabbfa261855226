import { dirname, resolve } from 'node:path';
import { ConfigError, type Env } from './config-error';
import {
  accountConcurrency,
  bool,
  corsOrigins,
  dashboardBeside,
  docsBeside,
  host,
  int,
  keyPrefix,
  listenerOrigin,
  llmApiKey,
  llmModel,
  metricsToken,
  planMonthlyTokens,
  queuePrefix,
  str,
  trustProxy,
  url,
} from './env-readers';
import type { Plan } from './plans';
import { secretKey, secretKeyPrevious } from './secret-key-file';

export { ConfigError } from './config-error';
export { maskUrlCredentials, redactConfigSecrets } from './redaction';

export const ROLES = ['api', 'webhook', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** Typed configuration of one process, read once from the environment at start. */
export interface AppConfig {
  port: number;
  webhookPort: number;
  /** HOST: the address both listeners bind to (null: every interface). */
  host: string | null;
  /** BASE_URL, else derived from HOST and PORT (`http://localhost:3000/v2` by default). */
  baseUrl: string;
  /** WEBHOOK_BASE_URL, else derived from HOST and WEBHOOK_PORT. */
  webhookBaseUrl: string;
  /** DOCS_URL, else `/docs` beside BASE_URL (derived or explicit). */
  docsUrl: string;
  /** The dashboard's address: `/dashboard` beside BASE_URL (served by the REST listener). */
  dashboardUrl: string;
  /**
   * KEEP_ALIVE_TIMEOUT_MS: how long both listeners keep an idle keep-alive connection open;
   * above the idle timeout of the load balancers in front (60 s on AWS ALB), so that they,
   * not the service, close idle connections.
   */
  keepAliveTimeoutMs: number;
  /**
   * REQUEST_TIMEOUT_MS: how long a request's headers and body may take to arrive, from its
   * first byte (both listeners); a slower request gets 408 `request_timeout`.
   */
  requestTimeoutMs: number;
  databaseUrl: string | null;
  databasePath: string;
  redisUrl: string | null;
  /** QUEUE_PREFIX: prefix of the BullMQ keys and signal channels in Redis (REDIS_URL only). */
  queuePrefix: string;
  /** QUEUE_SWEEP_MS: how often workers put rows that lack a BullMQ job back in the queue. */
  queueSweepMs: number;
  roles: ReadonlySet<Role>;
  secretKey: string;
  /** SECRET_KEY_PREVIOUS: during a key rotation, the old key (decrypts, never encrypts). */
  secretKeyPrevious: string | null;
  outboundAllowPrivate: boolean;
  syncWaitMs: number;
  /** MCP_WAIT_MS: how long an MCP `tools/call` waits for the run before it answers a handle. */
  mcpWaitMs: number;
  migrateOnStart: boolean;
  /**
   * DATABASE_TIMEOUT_MS: the longest one database statement, one connection acquisition (or a
   * new connection) and one wait for a SQLite write lock may take before it fails (503).
   */
  databaseTimeoutMs: number;
  workerConcurrency: number;
  /**
   * WORKER_MAX_WAITING: runs of one worker process that may wait on the network (an `http` or
   * model call inside `idle()`) without holding one of its WORKER_CONCURRENCY slots; 0 keeps
   * every run in its slot while it waits. Each account may have its plan's share of them.
   */
  workerMaxWaiting: number;
  /**
   * ACCOUNT_CONCURRENCY: caps per plan overriding the defaults of `PLAN_CONCURRENCY` (runs of
   * one account at once in one worker process).
   */
  accountConcurrency: Partial<Record<Plan, number>>;
  /**
   * PLAN_MONTHLY_TOKENS: the model tokens (prompt + completion) an account of each plan may use
   * per calendar month (UTC) in `llm` steps; a plan not named is unlimited (the default).
   */
  planMonthlyTokens: Partial<Record<Plan, number>>;
  /** How long a worker's claim on a running execution lasts without renewal. */
  workerLeaseMs: number;
  /** How often an idle worker looks for queued executions (besides wake-up signals). */
  workerPollMs: number;
  /**
   * WORKER_YIELD_MS: while the intake of the same process is busy (IntakePressure), the worker
   * claims at most this often, so that acknowledgements come first (0: never yields).
   */
  workerYieldMs: number;
  /**
   * WORKER_YIELD_LIMIT_MS: the worker stops yielding once the oldest run of its last claim had
   * waited this long in the queue.
   */
  workerYieldLimitMs: number;
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
  /** A webhook endpoint whose deliveries all fail for this long is disabled (default 5 days). */
  endpointDisableAfterMs: number;
  /** After a secret rotation, the old secret of an endpoint keeps signing this long (24 h). */
  endpointSecretOverlapMs: number;
  executionRetentionDays: number;
  /** Executions deleted per statement by the retention job. */
  retentionBatchSize: number;
  /** How often the retention job runs (worker role). */
  retentionIntervalMs: number;
  /** On SIGTERM: how long in-flight requests and runs may take before the process gives up on them. */
  shutdownGraceMs: number;
  logLevel: string;
  /** METRICS_TOKEN: when set, `GET /metrics` needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  rateLimit: RateLimitConfig;
  /** The folder that holds the SQLite file and the generated secret key. */
  dataDir: string;
  /**
   * TRUST_PROXY: Express's `trust proxy` (false, true, a hop count or a comma list of
   * addresses/subnets): whether X-Forwarded-For/-Proto name the client's IP and https.
   */
  trustProxy: boolean | number | string;
  /**
   * CORS_ORIGINS: the browser origins (exact `scheme://host[:port]`) allowed to call the REST
   * API cross-origin, without credentials (bearer keys only). Empty (the default): CORS off.
   */
  corsOrigins: string[];
  /** SESSION_IDLE_MS: a dashboard session ends after this long without a request (12 h). */
  sessionIdleMs: number;
  /** SESSION_MAX_MS: a dashboard session ends this long after sign-in, whatever its use (7 d). */
  sessionMaxMs: number;
  /**
   * Dashboard sign-in attempts allowed per window (SIGNIN_WINDOW_MS, 15 min): per address
   * (SIGNIN_MAX_PER_ADDRESS, 10) and per client IP (SIGNIN_MAX_PER_IP, 50).
   */
  signIn: { perAddress: number; perIp: number; windowMs: number };
  /** Operator defaults of `llm` workflow steps (docs/workflows.md, LLM steps). */
  llm: LlmDefaults;
}

/** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: what an `llm` step uses when it names none. */
export interface LlmDefaults {
  /** LLM_BASE_URL: an OpenAI-compatible API base (may be a private address). */
  baseUrl: string;
  /** LLM_API_KEY: a secret, never logged (null: requests carry no Authorization). */
  apiKey: string | null;
  /** LLM_MODEL (null: every `llm` step must name its `model`). */
  model: string | null;
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

export function loadConfig(env: Env = process.env): AppConfig {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const webhookPort = int(env, 'WEBHOOK_PORT', 3001, 0, 65535);
  const databasePath = resolve(str(env, 'DATABASE_PATH', './data/agents.sqlite'));
  const dataDir = dirname(databasePath);
  const databaseUrl = url(env, 'DATABASE_URL', null, ['mysql:', 'mariadb:']);
  const bindHost = host(env);
  const web = ['http:', 'https:'];
  const baseUrl = url(env, 'BASE_URL', `${listenerOrigin(bindHost, port)}/v2`, web)!;
  return {
    port,
    webhookPort,
    host: bindHost,
    baseUrl,
    webhookBaseUrl: url(env, 'WEBHOOK_BASE_URL', listenerOrigin(bindHost, webhookPort), web)!,
    docsUrl: url(env, 'DOCS_URL', docsBeside(baseUrl), web)!,
    dashboardUrl: dashboardBeside(baseUrl),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000, 1000, 3_600_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    databaseUrl,
    databasePath,
    redisUrl: url(env, 'REDIS_URL', null, ['redis:', 'rediss:']),
    queuePrefix: queuePrefix(env),
    queueSweepMs: int(env, 'QUEUE_SWEEP_MS', 5000, 100, 600_000),
    roles: roles(env),
    secretKey: secretKey(env, dataDir),
    secretKeyPrevious: secretKeyPrevious(env),
    outboundAllowPrivate: bool(env, 'OUTBOUND_ALLOW_PRIVATE', false),
    syncWaitMs: int(env, 'SYNC_WAIT_MS', 30000, 0, 3_600_000),
    mcpWaitMs: int(env, 'MCP_WAIT_MS', 25_000, 0, 25_000),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', false),
    databaseTimeoutMs: int(env, 'DATABASE_TIMEOUT_MS', 10_000, 100, 600_000),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 64, 1, 1000),
    workerMaxWaiting: int(env, 'WORKER_MAX_WAITING', 1000, 0, 100_000),
    accountConcurrency: accountConcurrency(env),
    planMonthlyTokens: planMonthlyTokens(env),
    workerLeaseMs: int(env, 'WORKER_LEASE_MS', 30000, 100, 3_600_000),
    workerPollMs: int(env, 'WORKER_POLL_MS', 1000, 10, 60_000),
    workerYieldMs: int(env, 'WORKER_YIELD_MS', 100, 0, 1000),
    workerYieldLimitMs: int(env, 'WORKER_YIELD_LIMIT_MS', 10_000, 0, 600_000),
    intakeBatchMax: int(env, 'INTAKE_BATCH_MAX', 100, 1, 1000),
    intakeBatchWindowMs: int(env, 'INTAKE_BATCH_WINDOW_MS', 1, 0, 1000),
    agentCacheTtlMs: int(env, 'AGENT_CACHE_TTL_MS', 2000, 0, 60_000),
    callbackRetryBaseMs: int(env, 'CALLBACK_RETRY_BASE_MS', 10000, 1, 3_600_000),
    callbackTimeoutMs: int(env, 'CALLBACK_TIMEOUT_MS', 10000, 1, 600_000),
    callbackConcurrency: int(env, 'CALLBACK_CONCURRENCY', 16, 1, 1000),
    endpointDisableAfterMs: int(
      env,
      'ENDPOINT_DISABLE_AFTER_MS',
      5 * 86_400_000,
      1,
      365 * 86_400_000,
    ),
    endpointSecretOverlapMs: int(env, 'ENDPOINT_SECRET_OVERLAP_MS', 86_400_000, 0, 30 * 86_400_000),
    executionRetentionDays: int(env, 'EXECUTION_RETENTION_DAYS', 30, 1, 36500),
    retentionBatchSize: int(env, 'RETENTION_BATCH_SIZE', 500, 1, 10_000),
    retentionIntervalMs: int(env, 'RETENTION_INTERVAL_MS', 3_600_000, 1000, 86_400_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 25_000, 0, 600_000),
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    metricsToken: metricsToken(env),
    rateLimit: {
      hourMs: int(env, 'THROTTLE_HOUR_MS', 3_600_000, 1, 86_400_000),
      secondMs: int(env, 'THROTTLE_SECOND_MS', 1000, 1, 86_400_000),
      failedAuthWindowMs: int(env, 'THROTTLE_AUTH_WINDOW_MS', 60_000, 1, 86_400_000),
      keyPrefix: keyPrefix(env),
    },
    dataDir,
    trustProxy: trustProxy(env),
    corsOrigins: corsOrigins(env),
    sessionIdleMs: int(env, 'SESSION_IDLE_MS', 12 * 3_600_000, 1000, 365 * 86_400_000),
    sessionMaxMs: int(env, 'SESSION_MAX_MS', 7 * 86_400_000, 1000, 365 * 86_400_000),
    signIn: {
      perAddress: int(env, 'SIGNIN_MAX_PER_ADDRESS', 10, 1, 1_000_000),
      perIp: int(env, 'SIGNIN_MAX_PER_IP', 50, 1, 1_000_000),
      windowMs: int(env, 'SIGNIN_WINDOW_MS', 15 * 60_000, 1000, 86_400_000),
    },
    llm: {
      baseUrl: url(env, 'LLM_BASE_URL', 'https://api.openai.com/v1', web)!,
      apiKey: llmApiKey(env),
      model: llmModel(env),
    },
  };
}
