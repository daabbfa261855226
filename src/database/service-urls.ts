import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { AppConfig, Role } from '../config/configuration';
import type { Env } from '../config/config-error';
import { databaseKind } from './database.options';

/**
 * The public URLs a running service recorded, so that a command run elsewhere (the CLI, with
 * none of them in its environment) prints links that lead to it. Each listener role records
 * what it serves: the api role BASE_URL, DOCS_URL and the dashboard's address, the webhook
 * role WEBHOOK_BASE_URL; a process of several roles records them all, a worker nothing.
 * SQLite: `service-urls.json` in the data folder, beside `secret.key`; MySQL: the
 * `service_urls` table (one row per URL, so that processes of different roles never
 * overwrite each other's).
 */
export interface RecordedUrls {
  base_url?: string;
  docs_url?: string;
  dashboard_url?: string;
  webhook_base_url?: string;
}

type UrlName = keyof RecordedUrls;

const ROLE_URLS: Partial<Record<Role, readonly UrlName[]>> = {
  api: ['base_url', 'docs_url', 'dashboard_url'],
  webhook: ['webhook_base_url'],
};

/** The file SQLite deployments record their URLs in. */
export const SERVICE_URLS_FILE = 'service-urls.json';

function ownUrls(config: AppConfig): RecordedUrls {
  const values: Required<RecordedUrls> = {
    base_url: config.baseUrl,
    docs_url: config.docsUrl,
    dashboard_url: config.dashboardUrl,
    webhook_base_url: config.webhookBaseUrl,
  };
  const own: RecordedUrls = {};
  for (const role of config.roles) {
    for (const name of ROLE_URLS[role] ?? []) own[name] = values[name];
  }
  return own;
}

/** Records the URLs of this process's listener roles (replacing what a previous start left). */
export async function recordServiceUrls(dataSource: DataSource, config: AppConfig): Promise<void> {
  const own = ownUrls(config);
  const names = Object.keys(own) as UrlName[];
  if (names.length === 0) return;
  if (databaseKind(config) === 'sqlite') {
    const file = join(config.dataDir, SERVICE_URLS_FILE);
    const merged = { ...readFile(file), ...own, recorded_at: new Date().toISOString() };
    // Written whole under another name, then renamed into place: a reader sees the old file or
    // the new one, never half of one.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
    try {
      renameSync(temporary, file);
    } catch (error) {
      unlinkSync(temporary);
      throw error;
    }
    return;
  }
  const rows = names.map(() => '(?, ?, ?)').join(', ');
  const now = new Date();
  await dataSource.query(
    `INSERT INTO service_urls (name, url, updated_at) VALUES ${rows} ` +
      'ON DUPLICATE KEY UPDATE url = VALUES(url), updated_at = VALUES(updated_at)',
    names.flatMap((name) => [name, own[name], now]),
  );
}

/** What the service recorded (empty when no listener ever started on this database). */
export async function readServiceUrls(
  dataSource: DataSource,
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
): Promise<RecordedUrls> {
  if (databaseKind(config) === 'sqlite') return readFile(join(config.dataDir, SERVICE_URLS_FILE));
  const rows: { name: string; url: string }[] = await dataSource.query(
    'SELECT name, url FROM service_urls',
  );
  return pick(Object.fromEntries(rows.map((row) => [row.name, row.url])));
}

/**
 * The configuration of a command run beside the service: each public URL its environment does
 * not set is the one the service recorded (else the one derived from this environment, as
 * before). An explicit variable always wins; DOCS_URL and the dashboard follow an explicit
 * BASE_URL, as they do in the service.
 */
export function withServiceUrls(config: AppConfig, recorded: RecordedUrls, env: Env): AppConfig {
  const set = (name: string) => env[name] !== undefined && env[name] !== '';
  return {
    ...config,
    baseUrl: set('BASE_URL') ? config.baseUrl : (recorded.base_url ?? config.baseUrl),
    docsUrl:
      set('DOCS_URL') || set('BASE_URL') ? config.docsUrl : (recorded.docs_url ?? config.docsUrl),
    dashboardUrl: set('BASE_URL')
      ? config.dashboardUrl
      : (recorded.dashboard_url ?? config.dashboardUrl),
    webhookBaseUrl: set('WEBHOOK_BASE_URL')
      ? config.webhookBaseUrl
      : (recorded.webhook_base_url ?? config.webhookBaseUrl),
  };
}

function readFile(file: string): RecordedUrls {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return pick(JSON.parse(text));
  } catch {
    // A file edited by hand into something else: as if none had been recorded.
    return {};
  }
}

/** The known URL fields of a record, each an http(s) URL; anything else is left out. */
function pick(value: unknown): RecordedUrls {
  const picked: RecordedUrls = {};
  if (typeof value !== 'object' || value === null) return picked;
  for (const name of ['base_url', 'docs_url', 'dashboard_url', 'webhook_base_url'] as const) {
    const url = (value as Record<string, unknown>)[name];
    if (typeof url === 'string' && /^https?:\/\/[^\s]+$/.test(url)) picked[name] = url;
  }
  return picked;
}
