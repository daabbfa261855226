import { ApiError } from '../common/api-error';
import type { Agent } from './agent.entity';

/**
 * An agent's `mcp` field (docs/mcp.md): whether it is a tool of the account's MCP server, its
 * tool name (unique among the account's enabled tools) and description.
 */
export interface McpField {
  enabled: boolean;
  /** The tool name in effect: the one set, or the one derived from the agent's name. */
  name: string;
  description: string | null;
}

export const MCP_TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
export const MCP_DESCRIPTION_MAX_LENGTH = 1000;
/** The server's own tool: no agent may take its name. */
export const GET_EXECUTION_TOOL = 'get_execution';

/** The columns `mcp` of a create or PATCH body changes. */
export type McpColumns = Pick<Agent, 'mcpEnabled' | 'mcpName' | 'mcpDescription'>;

/**
 * A tool name from an agent's display name: lower case, runs of other characters as one `_`,
 * a leading letter (`agent_` when it starts otherwise), at most 64 characters.
 */
export function deriveToolName(agentName: string): string {
  let name = agentName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(name)) name = name === '' ? 'agent' : `agent_${name}`;
  return name.slice(0, 64).replace(/_+$/, '');
}

/** The tool name in effect for the agent (set, or derived from its name). */
export const toolNameOf = (agent: Pick<Agent, 'mcpName' | 'name'>): string =>
  agent.mcpName ?? deriveToolName(agent.name);

/** `mcp_tool`: the name the agent holds while it is a live, enabled tool (else null). */
export const heldToolName = (
  agent: Pick<Agent, 'mcpEnabled' | 'mcpName' | 'name' | 'deletedAt'>,
): string | null => (agent.mcpEnabled && !agent.deletedAt ? toolNameOf(agent) : null);

export function toMcpField(agent: Agent): McpField {
  return {
    enabled: agent.mcpEnabled,
    name: toolNameOf(agent),
    description: agent.mcpDescription,
  };
}

/**
 * The columns a body's `mcp` sets over `current`: given keys replace (`name: null` goes back
 * to the derived name, `description: null` clears it); other keys are 400 with their path.
 */
export function applyMcpField(value: unknown, current: McpColumns): McpColumns {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw ApiError.invalid('mcp', 'mcp must be an object {enabled, name?, description?}');
  }
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!['enabled', 'name', 'description'].includes(key)) {
      throw ApiError.invalid(`mcp.${key}`, `Unknown field "mcp.${key}"`);
    }
  }
  const next = { ...current };
  if (body.enabled !== undefined) {
    if (typeof body.enabled !== 'boolean') {
      throw ApiError.invalid('mcp.enabled', 'mcp.enabled must be a boolean');
    }
    next.mcpEnabled = body.enabled;
  }
  if (body.name !== undefined) {
    if (body.name !== null && (typeof body.name !== 'string' || !MCP_TOOL_NAME.test(body.name))) {
      throw ApiError.invalid('mcp.name', 'mcp.name must match ^[a-z][a-z0-9_]{0,63}$');
    }
    next.mcpName = body.name;
  }
  if (body.description !== undefined) {
    if (
      body.description !== null &&
      (typeof body.description !== 'string' || body.description.length > MCP_DESCRIPTION_MAX_LENGTH)
    ) {
      throw ApiError.invalid(
        'mcp.description',
        `mcp.description must be a string of at most ${MCP_DESCRIPTION_MAX_LENGTH} characters`,
      );
    }
    next.mcpDescription = body.description;
  }
  return next;
}

/** 409 `conflict`: the tool name is taken (by another enabled agent, or by the server). */
export function toolNameTaken(name: string): ApiError {
  return ApiError.conflict(
    `The MCP tool name "${name}" is already used by another enabled agent of this account (or by the server); set mcp.name to another name`,
  );
}
