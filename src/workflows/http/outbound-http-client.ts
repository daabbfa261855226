import type { Dispatcher } from 'undici';
import { OutboundClient } from '../../common/outbound/outbound-policy';
import type { HttpClient, HttpRequest, HttpResponse } from '../context';

/**
 * The HttpClient of `http` steps in the service: undici through the outbound policy of docs/api.md,
 * Outgoing webhooks (callbacks) (the same dispatcher as the `http-request` kind and callbacks).
 */
export class OutboundHttpClient implements HttpClient {
  private readonly client: OutboundClient;

  constructor(options: { allowPrivate: boolean }) {
    this.client = new OutboundClient({ allowPrivate: options.allowPrivate });
  }

  async request(call: HttpRequest): Promise<HttpResponse> {
    const response = await this.client.request(call.url, {
      method: call.method as Dispatcher.HttpMethod,
      headers: call.headers,
      body: call.body,
      signal: call.signal,
      trace: call.trace,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > call.maxBodyBytes) {
        truncated = true;
        break;
      }
      chunks.push(buffer);
    }
    if (truncated) response.body.destroy();
    const body = truncated ? '' : new TextDecoder().decode(Buffer.concat(chunks));
    return { status: response.statusCode, headers, body, truncated };
  }

  async close(): Promise<void> {
    await this.client.close({ destroy: true });
  }
}
