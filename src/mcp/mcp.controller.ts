import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentAuth, RequireScope, type AuthContext } from '../auth/auth.decorators';
import { ApiError } from '../common/api-error';
import { answerMcpRequest, jsonRpcProblem, protocolVersionProblem } from './mcp-server';
import { McpToolsService } from './mcp-tools.service';

/** What the transport wants a client to accept: with JSON answers on, it then answers JSON. */
const MCP_ACCEPT = 'application/json, text/event-stream';

/**
 * `POST /v2/mcp`: the Model Context Protocol server (Streamable HTTP, stateless; docs/mcp.md).
 * The bearer guard and the rate limits apply as on every route: a missing or invalid key is
 * 401, a key without `agents:read` 403; the rest is the protocol's.
 */
@Controller('mcp')
@ApiTags('MCP')
export class McpController {
  constructor(private readonly tools: McpToolsService) {}

  @Post()
  @HttpCode(200)
  @RequireScope('agents:read')
  @ApiOperation({
    operationId: 'mcp',
    summary: 'Model Context Protocol server (Streamable HTTP, stateless)',
    description:
      "A JSON-RPC 2.0 message of the Model Context Protocol (protocol versions 2025-06-18 and 2025-11-25, and older ones the SDK supports): `initialize`, `tools/list` (the account's active agents with `mcp.enabled`, oldest first, and `get_execution`), `tools/call` (needs `agents:trigger`, else a result with `isError: true`; waits up to 25 s, then answers `{execution_id, status}`). No session id is issued or needed. Answers are JSON (`application/json`). See docs/mcp.md",
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['jsonrpc', 'method'],
      properties: {
        jsonrpc: { type: 'string', enum: ['2.0'] },
        id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        method: { type: 'string', example: 'tools/list' },
        params: { type: 'object', additionalProperties: true },
      },
    },
  })
  @ApiProduces('application/json')
  @ApiAcceptedResponse({
    description: 'A notification (a message without `id`) was accepted: an empty body',
    schema: { type: 'object', maxProperties: 0 },
  })
  @ApiOkResponse({
    description:
      'The JSON-RPC answer (a result, or a JSON-RPC error such as -32601 for an unknown method); a notification is answered 202 with no body',
    schema: { type: 'object', additionalProperties: true },
  })
  async handle(
    @CurrentAuth() auth: AuthContext,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    checkMessage(req.body);
    const problem = protocolVersionProblem(req.headers['mcp-protocol-version']);
    if (problem) throw ApiError.invalid(problem.field, problem.message);
    // The body is JSON already parsed (`application/json` or a `+json` type), and the answer
    // is always JSON: the transport's own checks of both headers would answer outside the
    // error envelope, so it is told what holds.
    setHeader(req, 'content-type', 'application/json');
    setHeader(req, 'accept', MCP_ACCEPT);
    await answerMcpRequest(this.tools, auth, req, res, req.body);
  }
}

/**
 * Sets a request header for the transport, which reads some headers (`Content-Type` among
 * them) from `rawHeaders` rather than from `headers`: both are changed.
 */
function setHeader(req: Request, name: string, value: string): void {
  req.headers[name] = value;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== name)
      raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  raw.push(name, value);
  req.rawHeaders = raw;
}

/** A JSON-RPC 2.0 message (the protocol's checks come after): else 400 in the error envelope. */
function checkMessage(body: unknown): void {
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0)
    throw ApiError.invalid('jsonrpc', 'The body must be a JSON-RPC 2.0 message');
  for (const message of messages) {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      throw ApiError.invalid('jsonrpc', 'The body must be a JSON-RPC 2.0 message');
    }
    const { jsonrpc, method, id, params } = message as Record<string, unknown>;
    if (jsonrpc !== '2.0') throw ApiError.invalid('jsonrpc', 'jsonrpc must be "2.0"');
    // A client only sends requests and notifications: the server never asks it anything.
    if (typeof method !== 'string') throw ApiError.invalid('method', 'method must be a string');
    if (id !== undefined && typeof id !== 'string' && !Number.isInteger(id)) {
      throw ApiError.invalid('id', 'id must be a string or an integer');
    }
    if (
      params !== undefined &&
      (params === null || typeof params !== 'object' || Array.isArray(params))
    ) {
      throw ApiError.invalid('params', 'params must be an object');
    }
    const problem = jsonRpcProblem(message);
    if (problem) throw ApiError.invalid(problem.field, problem.message);
  }
}
