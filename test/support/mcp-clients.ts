import {
  Client as Client2,
  StreamableHTTPClientTransport as Transport2,
} from '@modelcontextprotocol/client';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Transport1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The two official client lines, behind one small interface. */
export interface McpClient {
  listTools(): Promise<{ tools: { name: string; description?: string; inputSchema: unknown }[] }>;
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

export type Line = 'sdk 1.x' | 'client 2.x';

/**
 * A connected client of one SDK line with a bearer key (none: no header); `fetch` replaces
 * the transport's (to spread its requests over several processes, say).
 */
export async function connect(
  line: Line,
  url: string,
  key: string | null,
  fetch?: typeof globalThis.fetch,
): Promise<McpClient> {
  const requestInit = key ? { headers: { Authorization: `Bearer ${key}` } } : {};
  const info = { name: 'mcp-e2e', version: '1.0.0' };
  if (line === 'sdk 1.x') {
    const client = new Client1(info);
    await client.connect(new Transport1(new URL(url), { requestInit, fetch }));
    return {
      listTools: () => client.listTools(),
      callTool: async (name, args) =>
        (await client.callTool({ name, arguments: args })) as ToolResult,
      close: () => client.close(),
    };
  }
  const client = new Client2(info);
  await client.connect(new Transport2(new URL(url), { requestInit, fetch }));
  return {
    listTools: () => client.listTools() as ReturnType<McpClient['listTools']>,
    callTool: async (name, args) =>
      (await client.callTool({ name, arguments: args })) as ToolResult,
    close: () => client.close(),
  };
}
