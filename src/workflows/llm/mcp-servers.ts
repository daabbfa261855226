import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { isAddressNotAllowed } from '../../common/outbound/outbound-policy';
import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError, WorkflowErrorCode } from '../errors';
import type { ExpressionSandbox } from '../expressions/sandbox';
import { childPath } from '../expressions/value';
import { arrayField, objectField } from '../fields';
import { compileHeaders, resolveHeaders, type CompiledHeaders } from '../http/header-values';
import { isHttpUrl } from '../http/response';
import type { StepContext } from '../step-type';
import type { LlmToolCallRecord } from './llm-record';
import { MAX_TOOL_RESULT_BYTES } from './tools';

/** An `llm` step's MCP server (docs/workflows.md, LLM steps): its tools are offered to the model. */
export interface CompiledMcpServer {
  url: string;
  headers: CompiledHeaders;
  /** Only these of the server's tools (all when absent). */
  tools?: string[];
}

export const MAX_MCP_SERVERS = 5;
export const MCP_ERROR = 'mcp_error';
/** The names a model provider accepts for a function. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Pages of `tools/list` read at most from one server. */
const MAX_LIST_PAGES = 10;

export function compileMcpServers(
  raw: unknown,
  path: string,
  sandbox: ExpressionSandbox,
): CompiledMcpServer[] {
  if (raw === undefined) return [];
  const list = arrayField(raw, path, 'MCP servers');
  if (list.length > MAX_MCP_SERVERS) {
    throw new ConfigValidationError(path, `At most ${MAX_MCP_SERVERS} MCP servers`);
  }
  return list.map((item, index) => {
    const at = childPath(path, index);
    const server = objectField(item, at, ['url', 'headers', 'tools']);
    if (typeof server.url !== 'string' || !isHttpUrl(server.url)) {
      throw new ConfigValidationError(
        childPath(at, 'url'),
        'url must be an absolute http or https URL',
      );
    }
    let tools: string[] | undefined;
    if (server.tools !== undefined) {
      const names = arrayField(server.tools, childPath(at, 'tools'), 'tool names');
      names.forEach((name, i) => {
        if (typeof name !== 'string' || !FUNCTION_NAME.test(name)) {
          throw new ConfigValidationError(
            childPath(childPath(at, 'tools'), i),
            'A tool name must match ^[A-Za-z0-9_-]{1,64}$',
          );
        }
      });
      tools = names as string[];
    }
    return {
      url: server.url,
      headers: compileHeaders(server.headers, childPath(at, 'headers'), sandbox),
      tools,
    };
  });
}

interface OfferedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  client: Client;
  host: string;
}

type Sdk = {
  Client: typeof Client;
  Transport: typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js').StreamableHTTPClientTransport;
};
let sdk: Sdk | undefined;

/** The SDK's client, loaded on the first step that names an MCP server. */
function loadSdk(): Sdk {
  if (!sdk) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const client =
      require('@modelcontextprotocol/sdk/client/index.js') as typeof import('@modelcontextprotocol/sdk/client/index.js');
    const http =
      require('@modelcontextprotocol/sdk/client/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    /* eslint-enable @typescript-eslint/no-require-imports */
    sdk = { Client: client.Client, Transport: http.StreamableHTTPClientTransport };
  }
  return sdk;
}

/**
 * The MCP tools of one step attempt: a client per server (connected and listed once, before
 * the first model call), their tools offered to the model beside the `http` tools, and each
 * call the model makes a `tools/call` on its server. Requests go through the step's HTTP client
 * (the outbound policy; cancel and the step's timeout abort them). A server that cannot be
 * reached or answers a protocol error fails the step with `mcp_error`.
 */
export class McpToolbox {
  private constructor(
    private readonly tools: Map<string, OfferedTool>,
    private readonly clients: Client[],
  ) {}

  static readonly empty = new McpToolbox(new Map(), []);

  static async open(
    servers: readonly CompiledMcpServer[],
    context: StepContext,
    taken: ReadonlySet<string>,
  ): Promise<McpToolbox> {
    if (servers.length === 0) return McpToolbox.empty;
    const tools = new Map<string, OfferedTool>();
    const clients: Client[] = [];
    const box = new McpToolbox(tools, clients);
    try {
      for (const server of servers) {
        const host = new URL(server.url).host;
        const headers = await resolveHeaders(server.headers, context);
        const { Client, Transport } = loadSdk();
        const client = new Client({ name: 'agent-automation-service', version: '2' });
        clients.push(client);
        const transport = new Transport(new URL(server.url), {
          requestInit: { headers },
          fetch: stepFetch(context),
        });
        await guarded(context, server.url, () =>
          client.connect(transport, { signal: context.signal }),
        );
        const listed: OfferedTool[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MAX_LIST_PAGES; page++) {
          const answer = await guarded(context, server.url, () =>
            client.listTools(cursor ? { cursor } : undefined, { signal: context.signal }),
          );
          for (const tool of answer.tools) {
            listed.push({
              name: tool.name,
              description: tool.description,
              inputSchema: tool.inputSchema as Record<string, unknown>,
              client,
              host,
            });
          }
          cursor = answer.nextCursor;
          if (!cursor) break;
        }
        const wanted = server.tools ?? listed.map((tool) => tool.name);
        for (const name of wanted) {
          const tool = listed.find((candidate) => candidate.name === name);
          if (!tool) {
            throw new StepError(MCP_ERROR, `The MCP server ${host} offers no tool named ${name}`);
          }
          if (!FUNCTION_NAME.test(name)) {
            throw new StepError(
              MCP_ERROR,
              `The MCP server ${host} offers the tool "${name.slice(0, 100)}", whose name a model cannot call; name the tools to offer in tools`,
            );
          }
          if (tools.has(name) || taken.has(name)) {
            throw new StepError(
              MCP_ERROR,
              `Two tools of the step are named ${name}; name the tools to offer in tools`,
            );
          }
          tools.set(name, tool);
        }
        context.logger.log(
          'info',
          `MCP server ${host} offers ${wanted.length} tool${wanted.length === 1 ? '' : 's'}`,
          { step: context.recordId },
        );
      }
    } catch (error) {
      await box.close();
      throw error;
    }
    return box;
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** The tools as a chat request offers them. */
  definitions(): unknown[] {
    return [...this.tools.values()].map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.inputSchema,
      },
    }));
  }

  /** Runs one tool call (a `pending` record) as `tools/call` and completes its record. */
  async call(call: LlmToolCallRecord, context: StepContext): Promise<void> {
    const tool = this.tools.get(call.name)!;
    const started = context.clock.now();
    const done = (status: 'completed' | 'failed', result: string) => {
      call.status = status;
      call.result = context.scrub(result) as string;
      call.duration_ms = Math.max(0, context.clock.now() - started);
    };
    try {
      if (typeof call.arguments === 'string') {
        return done('failed', JSON.stringify({ error: 'The arguments are not a JSON object' }));
      }
      const result = await guarded(context, tool.host, () =>
        context.idle(() =>
          tool.client.callTool(
            { name: tool.name, arguments: (call.arguments ?? {}) as Record<string, unknown> },
            undefined,
            { signal: context.signal },
          ),
        ),
      );
      done(result.isError ? 'failed' : 'completed', resultText(result));
    } finally {
      if (call.status !== 'pending') {
        const outcome = call.status === 'failed' ? 'answered an error' : 'answered';
        context.logger.log(
          'info',
          `MCP tool ${tool.name} (${tool.host}) ${outcome} in ${call.duration_ms} ms`,
          { step: context.recordId },
        );
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close().catch(() => undefined)));
  }
}

/** A result's content as the tool message: its text parts joined, else `structuredContent`. */
function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content)
    ? (result.content as Record<string, unknown>[])
    : [];
  const texts = content
    .filter((part) => part?.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string);
  let text: string;
  if (texts.length > 0) text = texts.join('\n');
  else if (result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  else text = JSON.stringify(content);
  return Buffer.byteLength(text) > MAX_TOOL_RESULT_BYTES
    ? JSON.stringify({ error: `The tool answered more than ${MAX_TOOL_RESULT_BYTES} bytes` })
    : text;
}

/**
 * Runs an SDK call: a target the outbound policy refuses fails the step with
 * `address_not_allowed`, any other failure (unreachable, an HTTP error, a protocol error) with
 * `mcp_error`; cancel and the step's timeout pass through.
 */
async function guarded<T>(
  context: StepContext,
  target: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (context.signal.aborted || error instanceof StepError) throw error;
    if (isAddressNotAllowed(error)) {
      throw new StepError(
        WorkflowErrorCode.addressNotAllowed,
        `MCP server ${target}: the target address is not allowed by the outbound policy`,
      );
    }
    const message = context.scrub((error as Error).message ?? String(error)) as string;
    throw new StepError(MCP_ERROR, `MCP server ${target}: ${message.slice(0, 500)}`);
  }
}

/**
 * The SDK transport's `fetch`, over the step's HTTP client. A GET (the server's event
 * stream, which a step never needs) and a DELETE (ending a session) are not sent: answered 405,
 * which the transport takes as "not offered".
 */
function stepFetch(context: StepContext) {
  return async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'POST') return new Response(null, { status: 405 });
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await context.http.request({
      url: String(url),
      method,
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: context.signal,
      maxBodyBytes: 4 * MAX_TOOL_RESULT_BYTES,
      trace: context.trace,
    });
    const empty = answer.status === 202 || answer.status === 204 || answer.body === '';
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
