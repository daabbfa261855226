import { useState } from 'preact/hooks';
import { listMcpTools, type AccountInfo, type McpTool } from '../api';
import { CodeBlock, CopyButton, ErrorNote, Json, Loading, useAction } from '../ui';

/** A client's configuration entry for the server: the key stays a placeholder, never a real one. */
export function mcpClientConfig(url: string): string {
  const entry = {
    mcpServers: {
      agents: {
        type: 'http',
        url,
        headers: { Authorization: 'Bearer <your API key>' },
      },
    },
  };
  return JSON.stringify(entry, null, 2);
}

/**
 * The account's MCP server (Settings): its address (`mcp_url` of `GET /v2/account`), a client
 * configuration to copy, and its tools as a client lists them (`tools/list` on the server
 * itself, with the session).
 */
export function McpServerPanel({ account }: { account: AccountInfo | undefined }) {
  const [tools, setTools] = useState<McpTool[] | null>(null);
  const list = useAction();
  const load = () =>
    list.run(async () => {
      setTools(await listMcpTools());
    });
  return (
    <section class="panel" aria-labelledby="mcp-title" id="mcp">
      <h2 id="mcp-title">MCP</h2>
      <p class="muted">
        AI clients (desktop assistants, IDE agents, other agent platforms) call this account's
        agents as tools over the Model Context Protocol, with an API key as a bearer token. A key
        with <code>agents:read</code>, <code>agents:trigger</code> and <code>executions:read</code>{' '}
        lists the tools, calls them and reads the results. An agent becomes a tool on its page
        (Available over MCP).
      </p>
      {account ? (
        <>
          <h3>Server address</h3>
          <div class="copy-row">
            <code data-testid="mcp-url">{account.mcp_url}</code>
            <CopyButton text={account.mcp_url} label="MCP URL" />
          </div>
          <CodeBlock code={mcpClientConfig(account.mcp_url)} label="Client configuration (JSON)" />
          <p class="muted small">
            Most clients (Claude Desktop, Cursor, VS Code) take this shape; the file’s name and its
            top-level key vary by client. Put a key of your own in place of{' '}
            <code>&lt;your API key&gt;</code>.{' '}
            <a href="/docs" target="_blank" rel="noopener">
              The API reference
            </a>{' '}
            describes the endpoint (<code>POST /v2/mcp</code>).
          </p>
        </>
      ) : (
        <Loading />
      )}

      <div class="panel-head">
        <h3>Tools</h3>
        <button type="button" class="btn btn-small" onClick={load} disabled={list.busy}>
          {tools ? 'List tools again' : 'List tools'}
        </button>
      </div>
      <ErrorNote error={list.error} />
      {tools === null ? (
        <p class="muted small">What a client lists: the active agents available over MCP.</p>
      ) : (
        <McpToolList tools={tools} />
      )}
    </section>
  );
}

function McpToolList({ tools }: { tools: McpTool[] }) {
  const agents = tools.filter((tool) => tool.name !== 'get_execution').length;
  return (
    <>
      <p class="muted small" role="status">
        {agents === 0
          ? 'No agent is available over MCP yet: turn it on in an agent’s page.'
          : `${agents} agent${agents === 1 ? '' : 's'} and the server’s own get_execution, as a client lists them.`}
      </p>
      <ul class="plain mcp-tools" aria-label="MCP tools">
        {tools.map((tool) => (
          <li key={tool.name} class="mcp-tool">
            <code class="mcp-tool-name">{tool.name}</code>
            {tool.description && <p class="mcp-tool-description">{tool.description}</p>}
            <details>
              <summary>Input schema</summary>
              <Json value={tool.inputSchema} label={`Input schema of ${tool.name}`} />
            </details>
          </li>
        ))}
      </ul>
    </>
  );
}
