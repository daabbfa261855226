import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Agent } from '../agents/agent.entity';
import { GET_EXECUTION_TOOL, toolNameOf } from '../agents/mcp-tool';
import type { AuthContext } from '../auth/auth.decorators';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { toExecutionResponse } from '../executions/execution.response';
import { ExecutionsService } from '../executions/executions.service';
import { TriggerService } from '../executions/trigger.service';
import type { TraceContext } from '../tracing/tracing';

/** A tool as `tools/list` shows it. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A `tools/call` result (the MCP specification's CallToolResult). */
export interface McpToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const GET_EXECUTION: McpTool = {
  name: GET_EXECUTION_TOOL,
  description:
    'The record of an execution of this account (status, output, error, steps; without logs): for the result of a tool call that answered a still running or waiting execution.',
  inputSchema: {
    type: 'object',
    properties: {
      execution_id: {
        type: 'string',
        description: 'The execution id (exe_…) a tool call answered',
      },
    },
    required: ['execution_id'],
    additionalProperties: false,
  },
};

/**
 * What the MCP server (`{BASE_URL}/mcp`, docs/mcp.md) answers, apart from the protocol: the
 * account's tools (its active agents with `mcp.enabled`, oldest first, and `get_execution`) and
 * their calls. A call triggers the agent (`source: "mcp"`) and waits up to MCP_WAIT_MS (25 s);
 * a run still going then answers a handle for `get_execution`. Every failure, a missing scope
 * included, is a tool result with `isError: true`, never a protocol error.
 */
@Injectable()
export class McpToolsService {
  private readonly logger = new Logger('Mcp');

  constructor(
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    private readonly triggers: TriggerService,
    private readonly executions: ExecutionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The account's tools, read fresh on every call, as cheaply as a list of hundreds can be: the
   * columns a tool shows, as raw rows (no entity per agent); the name in effect is the
   * `mcp_tool` column the agent holds (agents/mcp-tool.ts), not derived again; and equal
   * `input_schema` texts (the kind's default, most often) are parsed once for the call.
   */
  async list(accountId: string): Promise<McpTool[]> {
    const rows: ToolRow[] = await this.agents
      .createQueryBuilder('agent')
      .select('agent.name', 'name')
      .addSelect('agent.kind', 'kind')
      .addSelect('agent.mcpName', 'mcp_name')
      .addSelect('agent.mcpTool', 'mcp_tool')
      .addSelect('agent.mcpDescription', 'mcp_description')
      .addSelect('agent.inputSchema', 'input_schema')
      .where('agent.accountId = :accountId', { accountId })
      .andWhere('agent.mcpEnabled = :enabled', { enabled: true })
      .andWhere("agent.status = 'active'")
      .andWhere('agent.deletedAt IS NULL')
      .orderBy('agent.createdAt', 'ASC')
      .addOrderBy('agent.id', 'ASC')
      .getRawMany();
    const schemas = new Map<string, Record<string, unknown>>();
    const schemaOf = (value: ToolRow['input_schema']): Record<string, unknown> | null => {
      // A driver that parses JSON columns itself (MySQL) answers the object.
      if (typeof value !== 'string') return value;
      let schema = schemas.get(value);
      if (!schema) {
        schema = JSON.parse(value) as Record<string, unknown>;
        schemas.set(value, schema);
      }
      return schema;
    };
    const tools = rows.map((row) =>
      toTool({
        name: row.name,
        kind: row.kind,
        mcpName: row.mcp_name,
        mcpTool: row.mcp_tool,
        mcpDescription: row.mcp_description,
        inputSchema: schemaOf(row.input_schema),
      }),
    );
    return [...tools, GET_EXECUTION];
  }

  /** `trace` (tracing on): the MCP request's context, whose trace a started execution joins. */
  async call(
    auth: AuthContext,
    name: string,
    args: unknown,
    trace?: TraceContext,
  ): Promise<McpToolResult> {
    try {
      const input = args ?? {};
      if (typeof input !== 'object' || Array.isArray(input)) {
        throw ApiError.invalid('arguments', 'The arguments must be a JSON object');
      }
      const record = input as Record<string, unknown>;
      if (name === GET_EXECUTION_TOOL) return await this.getExecution(auth, record);
      return await this.run(auth, name, record, trace);
    } catch (error) {
      if (error instanceof ApiError) {
        return failure({
          code: error.code,
          message: error.message,
          ...(error.field ? { field: error.field } : {}),
        });
      }
      this.logger.error(`MCP tool call ${name} failed: ${(error as Error).stack ?? error}`);
      return failure({ code: 'internal_error', message: 'The tool call failed; try again' });
    }
  }

  private async run(
    auth: AuthContext,
    name: string,
    input: Record<string, unknown>,
    trace: TraceContext | undefined,
  ): Promise<McpToolResult> {
    const agent = await this.agents.findOneBy({
      accountId: auth.account.id,
      mcpTool: name,
      deletedAt: IsNull(),
    });
    if (!agent) throw new ApiError('not_found', `There is no tool named "${name}"`);
    if (!auth.scopes.has('agents:trigger')) {
      throw new ApiError('forbidden', 'This API key lacks the "agents:trigger" scope');
    }
    // The input is checked against the agent's input_schema by the trigger (nothing is created).
    const { result, finished } = await this.triggers.triggerAgent(agent, { input }, null, {
      source: 'mcp',
      waitMs: this.config.mcpWaitMs,
      trace,
    });
    if (finished && result.status === 'completed') {
      const output = result.output;
      return {
        content: [{ type: 'text', text: JSON.stringify(output) }],
        // structuredContent is an object; an output that is not one is carried as `result`.
        structuredContent: isObject(output) ? output : { result: output },
      };
    }
    if (finished) {
      const error = result.error ?? {
        code: result.status,
        message: `The execution was ${result.status}`,
      };
      return failure({ code: error.code, message: error.message }, result.execution_id);
    }
    const handle = { execution_id: result.execution_id, status: result.status };
    return {
      content: [
        {
          type: 'text',
          text: `Execution ${result.execution_id} is still ${result.status}. Call the tool ${GET_EXECUTION_TOOL} with {"execution_id": "${result.execution_id}"} for its status and output.`,
        },
      ],
      structuredContent: handle,
    };
  }

  private async getExecution(
    auth: AuthContext,
    input: Record<string, unknown>,
  ): Promise<McpToolResult> {
    if (!auth.scopes.has('executions:read')) {
      throw new ApiError('forbidden', 'This API key lacks the "executions:read" scope');
    }
    const id = input.execution_id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 40) {
      throw ApiError.invalid('execution_id', 'execution_id must be an execution id (exe_…)');
    }
    const execution = await this.executions.get(auth.account.id, id);
    const steps = await this.executions.stepsOf([execution]);
    const record = toExecutionResponse(execution, {
      steps: steps.get(execution.id),
      withUsage: true,
    });
    return {
      content: [{ type: 'text', text: JSON.stringify(record) }],
      structuredContent: record,
    };
  }
}

/** The columns of an agent `tools/list` reads, as the driver answers them. */
interface ToolRow {
  name: string;
  kind: string;
  mcp_name: string | null;
  mcp_tool: string | null;
  mcp_description: string | null;
  input_schema: string | Record<string, unknown> | null;
}

function toTool(
  agent: Pick<Agent, 'name' | 'kind' | 'mcpName' | 'mcpTool' | 'mcpDescription' | 'inputSchema'>,
): McpTool {
  return {
    // The name an enabled agent holds is the one in effect (set, or derived from its name).
    name: agent.mcpTool ?? toolNameOf(agent),
    description:
      agent.mcpDescription ??
      `Runs the agent "${agent.name}" (${agent.kind}) with the arguments as its input and answers its output.`,
    inputSchema: agent.inputSchema ?? { type: 'object' },
  };
}

function failure(
  error: { code: string; message: string; field?: string },
  executionId?: string,
): McpToolResult {
  const body = { error, ...(executionId ? { execution_id: executionId } : {}) };
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    structuredContent: body,
    isError: true,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
