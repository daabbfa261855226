import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake model. */
export type ModelReply =
  /** A final answer: `content` (an object is sent as its JSON text). */
  | { content: unknown; finish_reason?: string; usage?: [prompt: number, completion: number] }
  /** Tool calls (`arguments` an object is sent as its JSON text). */
  | { tool_calls: { name: string; arguments: unknown; id?: string }[]; usage?: [number, number] }
  | { refusal: string }
  /** An error status (429, 500, …), with `Retry-After` when given. */
  | { status: number; retry_after?: string; body?: string }
  /** A 200 whose body is this text (malformed JSON). */
  | { raw: string }
  /** Waits this long, then answers `then`. */
  | { delay_ms: number; then: ModelReply }
  /** Never answers (until the client goes away). */
  | { hang: true };

export interface ModelRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: {
      role: string;
      content: string | null;
      tool_call_id?: string;
      tool_calls?: unknown[];
    }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; schema: unknown; strict: boolean };
    };
    tools?: { type: string; function: { name: string; parameters: unknown } }[];
    temperature?: number;
    max_tokens?: number;
  };
}

/**
 * A scripted OpenAI-compatible server on 127.0.0.1 (`POST /v1/chat/completions`): answers the
 * queued replies in order, then `fallback(request)`; records every request, and counts the
 * requests whose client went away before an answer (an aborted call).
 */
export class FakeModel {
  readonly requests: ModelRequest[] = [];
  aborted = 0;
  private queue: ModelReply[] = [];
  fallback: (request: ModelRequest) => ModelReply = () => ({ content: 'ok' });
  private calls = 0;

  private constructor(
    private readonly server: Server,
    /** `http://127.0.0.1:<port>/v1`: the `base_url`. */
    readonly url: string,
  ) {}

  static async start(): Promise<FakeModel> {
    const holder: { model?: FakeModel } = {};
    const server = createServer((req, res) => holder.model!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.model = new FakeModel(server, `http://127.0.0.1:${port}/v1`);
    return holder.model;
  }

  /** Queues replies, answered in order before the fallback. */
  script(...replies: ModelReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  reset(): void {
    this.queue = [];
    this.requests.length = 0;
    this.aborted = 0;
    this.fallback = () => ({ content: 'ok' });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: ModelRequest['body'];
      try {
        body = JSON.parse(text) as ModelRequest['body'];
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"error":{"message":"bad json"}}');
        return;
      }
      const request: ModelRequest = { path: req.url ?? '', headers: req.headers, body };
      this.requests.push(request);
      res.on('close', () => {
        if (!res.writableFinished) this.aborted++;
      });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"message":"no route"}}');
        return;
      }
      this.reply(this.queue.shift() ?? this.fallback(request), res);
    });
  }

  private reply(reply: ModelReply, res: ServerResponse): void {
    if ('hang' in reply) return;
    if ('delay_ms' in reply) {
      const timer = setTimeout(() => this.reply(reply.then, res), reply.delay_ms);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if ('status' in reply) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (reply.retry_after !== undefined) headers['retry-after'] = reply.retry_after;
      res
        .writeHead(reply.status, headers)
        .end(reply.body ?? `{"error":{"message":"fake ${reply.status}"}}`);
      return;
    }
    if ('raw' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(reply.raw);
      return;
    }
    const id = ++this.calls;
    let message: Record<string, unknown>;
    let finish = 'stop';
    let usage: [number, number] = [10, 5];
    if ('refusal' in reply) {
      message = { role: 'assistant', content: null, refusal: reply.refusal };
    } else if ('tool_calls' in reply) {
      finish = 'tool_calls';
      usage = reply.usage ?? usage;
      message = {
        role: 'assistant',
        content: null,
        tool_calls: reply.tool_calls.map((call, index) => ({
          id: call.id ?? `call_${id}_${index}`,
          type: 'function',
          function: {
            name: call.name,
            arguments:
              typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
          },
        })),
      };
    } else {
      finish = reply.finish_reason ?? 'stop';
      usage = reply.usage ?? usage;
      const content =
        typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
      message = { role: 'assistant', content, refusal: null };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${id}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'fake',
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: {
          prompt_tokens: usage[0],
          completion_tokens: usage[1],
          total_tokens: usage[0] + usage[1],
        },
      }),
    );
  }
}
