import type { AppConfig } from '../config/configuration';

/**
 * The one human-readable line printed at start (on stderr, beside the JSON logs on stdout):
 * where to reach what this process serves. URLs are the public ones (BASE_URL,
 * WEBHOOK_BASE_URL, DOCS_URL, derived from HOST and the ports when unset); the ports it
 * listens on follow when they differ from what the URLs show.
 */
export function startupLine(
  config: Pick<
    AppConfig,
    'baseUrl' | 'webhookBaseUrl' | 'docsUrl' | 'dashboardUrl' | 'port' | 'webhookPort'
  >,
  running: { api: boolean; webhook: boolean; worker: boolean },
): string {
  const parts: string[] = [];
  const listening: string[] = [];
  if (running.api) {
    // The dashboard is served beside /v2 by the same listener.
    parts.push(
      `API ${config.baseUrl}`,
      `docs ${config.docsUrl}`,
      `dashboard ${config.dashboardUrl}/`,
    );
    if (portOf(config.baseUrl) !== config.port) listening.push(`API on port ${config.port}`);
  }
  if (running.webhook) {
    parts.push(`webhooks ${config.webhookBaseUrl}/webhook/<webhook_id>`);
    if (portOf(config.webhookBaseUrl) !== config.webhookPort) {
      listening.push(`webhooks on port ${config.webhookPort}`);
    }
  }
  if (running.worker) parts.push('worker running');
  const where = listening.length > 0 ? ` (listening: ${listening.join(', ')})` : '';
  return `Agent Automation Service ready: ${parts.join(', ')}${where}`;
}

function portOf(url: string): number {
  const parsed = new URL(url);
  return parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
}
