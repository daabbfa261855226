import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthContext } from '../auth/auth.decorators';
import type { McpToolsService } from './mcp-tools.service';
import { traceContextOf } from '../tracing/tracing';

/** The SDK's classes, loaded on the first MCP request (a service never asked pays nothing). */
interface Sdk {
  Server: typeof Server;
  Transport: typeof StreamableHTTPServerTransport;
  ListToolsRequestSchema: typeof import('@modelcontextprotocol/sdk/types.js').ListToolsRequestSchema;
  CallToolRequestSchema: typeof import('@modelcontextprotocol/sdk/types.js').CallToolRequestSchema;
  JSONRPCMessageSchema: typeof import('@modelcontextprotocol/sdk/types.js').JSONRPCMessageSchema;
  /** The protocol versions a client may name in its `MCP-Protocol-Version` header. */
  protocolVersions: readonly string[];
  /**
   * The JSON Schema validator every request's Server is given: without one, each Server builds
   * its own (an Ajv instance with its formats, about 0.5 ms a request). It holds no data of a
   * request (this server never asks a client for input, the one thing it validates).
   */
  validator: import('@modelcontextprotocol/sdk/validation/ajv').AjvJsonSchemaValidator;
}

let sdk: Sdk | undefined;

function loadSdk(): Sdk {
  if (!sdk) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const server =
      require('@modelcontextprotocol/sdk/server/index.js') as typeof import('@modelcontextprotocol/sdk/server/index.js');
    const http =
      require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const types =
      require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js');
    const ajv =
      require('@modelcontextprotocol/sdk/validation/ajv') as typeof import('@modelcontextprotocol/sdk/validation/ajv');
    /* eslint-enable @typescript-eslint/no-require-imports */
    sdk = {
      Server: server.Server,
      Transport: http.StreamableHTTPServerTransport,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema,
      JSONRPCMessageSchema: types.JSONRPCMessageSchema,
      protocolVersions: types.SUPPORTED_PROTOCOL_VERSIONS,
      validator: new ajv.AjvJsonSchemaValidator(),
    };
  }
  return sdk;
}

/**
 * The first problem of `message` as the SDK's transport would find it (it answers those with
 * a JSON-RPC parse error): as `{field, message}` for the error envelope, or null.
 */
export function jsonRpcProblem(message: unknown): { field: string; message: string } | null {
  const parsed = loadSdk().JSONRPCMessageSchema.safeParse(message);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'jsonrpc';
  return {
    field,
    message: `Not a valid JSON-RPC 2.0 message: ${field} ${issue?.message ?? ''}`.trim(),
  };
}

/**
 * What the SDK's transport would refuse in a request's `MCP-Protocol-Version` header,
 * answering in its own JSON-RPC shape rather than in the error envelope: as
 * `{field, message}`, or null.
 */
export function protocolVersionProblem(
  header: string | string[] | undefined,
): { field: string; message: string } | null {
  if (header === undefined) return null;
  const { protocolVersions } = loadSdk();
  const named = Array.isArray(header) ? header.join(', ') : header;
  if (protocolVersions.includes(named)) return null;
  return {
    field: 'mcp-protocol-version',
    message: `Unsupported MCP-Protocol-Version "${named.slice(0, 40)}": supported are ${protocolVersions.join(', ')}`,
  };
}

export const MCP_SERVER_INFO = { name: 'agent-automation-service', version: '2' };

/**
 * Answers one MCP request (a POST of a JSON-RPC message) with the official SDK's server and
 * Streamable HTTP transport, stateless: a server and a transport for this request alone, no
 * session id, so that any process answers any request of a client (docs/mcp.md). Answers are
 * JSON, not an event stream: every request has exactly one answer.
 */
export async function answerMcpRequest(
  tools: McpToolsService,
  auth: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const { Server, Transport, ListToolsRequestSchema, CallToolRequestSchema, validator } = loadSdk();
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    jsonSchemaValidator: validator,
    instructions:
      'Each tool runs an agent of this account with the arguments as its input. A call waits up to 25 s; a run that takes longer answers {execution_id, status}: call get_execution with that id for its result.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: await tools.list(auth.account.id),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    tools.call(auth, request.params.name, request.params.arguments, traceContextOf(req)),
  );
  const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
