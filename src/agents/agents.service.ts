import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { canonicalJson } from '../common/canonical-json';
import { newSigningSecret, safeEqual, SecretBox, sha256Hex } from '../common/crypto';
import { newId, randomToken } from '../common/ids';
import { now } from '../common/time';
import { RawColumns } from '../database/raw-sql';
import { readAll } from '../database/transactions';
import { KindRegistry } from '../kinds/kind-registry';
import {
  Agent,
  AgentStatus,
  WEBHOOK_SIGNATURE_FORMATS,
  WebhookAuth,
  type WebhookSignatureFormat,
} from './agent.entity';
import type { AgentVersion } from './agent-version.entity';
import { AgentVersions } from './agent-versions.service';
import type { AgentListColumns, AgentListView, AgentView } from './agent.response';
import { AgentStatsService, DailyCounts } from './agent-stats.service';
import { AgentChanges, AgentWrites, NO_STATS } from './agent-writes';
import { TIMEOUT_MS_DEFAULT } from './dto/agent-fields';
import type { CreateAgentDto } from './dto/create-agent.dto';
import type { CredentialType } from './dto/create-webhook-credential.dto';
import type { UpdateAgentDto } from './dto/update-agent.dto';
import { DEFAULT_AGENT_KIND } from './default-kind';
import { checkFlow, CONSTANT_FLOW_KEYS, FLOW_KEYS, type FlowKeyCompiler } from './flow';
import { isUniqueViolation } from '../common/database-errors';
import { checkInputSchema, defaultInputSchema } from './input-schema';
import { agentStepRefs } from './agent-step-refs';
import {
  applyMcpField,
  GET_EXECUTION_TOOL,
  heldToolName,
  toolNameTaken,
  type McpColumns,
} from './mcp-tool';

export { DEFAULT_AGENT_KIND };

/** Webhook API keys: `whk_` + 256 random bits; only their SHA-256 is stored. */
const WEBHOOK_KEY_PREFIX = 'whk_';

export interface WebhookCredential {
  type: CredentialType;
  /** Shown once, in the response that created it; never stored in clear. */
  secret: string;
}

/**
 * A new random webhook id: 192 random bits, base64url (at least 128 are required: docs/api.md,
 * Conventions).
 */
const newWebhookId = (): string => randomToken(24);

const COUNT_LIVE_AGENTS = `SELECT COUNT(*) AS n FROM agents
  WHERE account_id = ? AND deleted_at IS NULL`;
/** The columns of a list item only: `config` and the rest cost a page of 100 half its time. */
const LIVE_AGENTS_PAGE = `SELECT id, name, status, webhook_id, created_at FROM agents
  WHERE account_id = ? AND deleted_at IS NULL ORDER BY created_at, id LIMIT ? OFFSET ?`;

/**
 * The rules of agents (docs/api.md, Agents API). Every query is scoped by account and ignores
 * deleted agents, so a foreign, unknown or deleted id is simply not found (404, never 403).
 */
@Injectable()
export class AgentsService {
  private readonly raw: RawColumns<Agent>;

  /**
   * The `agent` steps of a workflow config name live agents of the account: 400 with the
   * step's `config.<path>.agent_id` otherwise (another account's agent is unknown here).
   */
  private async assertStepAgents(
    accountId: string,
    kind: string,
    config: Record<string, unknown>,
  ): Promise<void> {
    if (kind !== 'workflow') return;
    const refs = agentStepRefs(config);
    if (refs.length === 0) return;
    const ids = [...new Set(refs.map((ref) => ref.agentId))];
    const found = await this.agents.find({
      select: { id: true },
      where: ids.map((id) => ({ id, accountId, deletedAt: IsNull() })),
    });
    const known = new Set(found.map((agent) => agent.id));
    const missing = refs.find((ref) => !known.has(ref.agentId));
    if (missing) {
      throw ApiError.invalid(
        `config.${missing.path}`,
        `agent_id must be the id of an agent of this account; ${missing.agentId} is not`,
      );
    }
  }

  constructor(
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    private readonly stats: AgentStatsService,
    private readonly kinds: KindRegistry,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    private readonly versions: AgentVersions,
    private readonly writes: AgentWrites,
    @Optional() @Inject(FLOW_KEYS) private readonly flowKeys: FlowKeyCompiler = CONSTANT_FLOW_KEYS,
  ) {
    this.raw = new RawColumns(agents.manager.connection, Agent);
    this.flowKeys ??= CONSTANT_FLOW_KEYS;
  }

  /**
   * One page of the account's agents, oldest first (`created_at`, then `id`), with their counters:
   * three statements (count, page, the page's counters), none on the executions table, sent in one
   * round trip on MySQL (readAll). Hand-written SQL (RawColumns): building the queries and
   * hydrating a page of 100 agents through TypeORM's query builder took about 2 ms of CPU a
   * request, more than the rest of the request (BENCHMARKS.md, row "GET /v2/agents (100 agents)").
   * The page reads the list item's columns only; on MySQL the counters select the page's
   * agents by the page's own query, so that they need not wait for its rows; SQLite, whose
   * statements run one after the other anyway, selects them by the page's ids (the subquery
   * read the page a second time: about 25 µs of a request).
   */
  async list(
    accountId: string,
    page: number,
    perPage: number,
  ): Promise<{ views: AgentListView[]; total: number }> {
    const selection = [accountId, perPage, (page - 1) * perPage];
    const connection = this.agents.manager.connection;
    const sqlite = connection.options.type === 'better-sqlite3';
    const [[{ n }], rows, counted] = await readAll(connection, [
      [COUNT_LIVE_AGENTS, [accountId]],
      [LIVE_AGENTS_PAGE, selection],
      ...(sqlite
        ? []
        : [this.stats.statement(`SELECT id FROM (${LIVE_AGENTS_PAGE}) AS page`, selection)]),
    ]);
    // SQLite runs one statement after the other anyway: the counters by the page's ids.
    const ids = rows.map((row) => row.id);
    const counters =
      counted ??
      (ids.length === 0
        ? []
        : await connection.query(...this.stats.statement(ids.map(() => '?').join(', '), ids)));
    const agents = rows.map((row): AgentListColumns => ({
      id: row.id as string,
      name: row.name as string,
      status: row.status as AgentStatus,
      webhookId: row.webhook_id as string,
      createdAt: this.raw.iso('createdAt', row.created_at),
    }));
    const stats = this.stats.fromRows(
      agents.map((agent) => agent.id),
      counters,
    );
    const views = agents.map((agent) => ({ agent, stats: stats.get(agent.id)! }));
    return { views, total: Number(n) };
  }

  /**
   * The account's agent `id`, unless deleted; 404 `not_found` otherwise. For every route
   * under `/v2/agents/:id` (trigger and executions included).
   */
  async findOwned(accountId: string, id: string): Promise<Agent> {
    const agent = await this.agents.findOneBy({ id, accountId, deletedAt: IsNull() });
    if (!agent) throw ApiError.notFound('Agent');
    return agent;
  }

  /** Daily created/completed/failed of one agent (404 if not the account's) or the account. */
  async dailyStats(
    accountId: string,
    agentId: string | null,
    days: number,
  ): Promise<DailyCounts[]> {
    if (agentId) await this.findOwned(accountId, agentId);
    return this.stats.daily({ accountId, agentId: agentId ?? undefined }, days);
  }

  async get(accountId: string, id: string): Promise<AgentView> {
    return this.withStats(await this.findOwned(accountId, id));
  }

  /**
   * Creates an active agent. The kind defaults to `lead-qualification`; the kind and its
   * config are checked by the kind's provider (400 `kind` / `config.<path>`). A webhook auth
   * mode other than `none` takes effect once a credential is created: until then the
   * webhook refuses every request (fails closed).
   */
  async create(accountId: string, input: CreateAgentDto): Promise<AgentView> {
    const kind = input.kind ?? DEFAULT_AGENT_KIND;
    const config = this.kinds.validate(kind, input.config ?? {});
    const flow = input.flow === undefined ? null : checkFlow(input.flow, this.flowKeys);
    await this.assertStepAgents(accountId, kind, config);
    const inputSchema =
      input.input_schema === undefined
        ? defaultInputSchema(kind)
        : checkInputSchema(input.input_schema);
    const mcp = applyMcpField(input.mcp ?? {}, {
      mcpEnabled: false,
      mcpName: null,
      mcpDescription: null,
    });
    const at = now();
    const agent = this.agents.create({
      id: newId('agt'),
      accountId,
      name: input.name,
      kind,
      config,
      status: 'active',
      webhookId: newWebhookId(),
      webhookAuth: input.webhook_auth ?? 'none',
      webhookSignatureFormats: canonicalFormats(input.webhook_signature_formats),
      webhookKeyHash: null,
      webhookSecretEnc: null,
      timeoutMs: input.timeout_ms ?? TIMEOUT_MS_DEFAULT,
      flow,
      inputSchema,
      ...mcp,
      mcpTool: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    });
    agent.mcpTool = heldToolName(agent);
    await this.withToolName(agent.mcpTool, () => this.writes.insert(agent));
    return { agent, stats: NO_STATS };
  }

  /**
   * Changes status, name, config (checked by the agent's kind), webhook auth mode, accepted
   * signature formats or timeout. Setting a value the agent already
   * has (pausing a paused agent) changes nothing and is not an error. Switching the webhook
   * to `api_key` or `signature` needs that credential to exist (else 400 `webhook_auth`), so
   * that a PATCH never locks a live webhook out by accident.
   */
  async update(accountId: string, id: string, patch: UpdateAgentDto): Promise<AgentView> {
    const requested = {
      status: patch.status,
      name: patch.name,
      webhookAuth: patch.webhook_auth,
      timeoutMs: patch.timeout_ms,
    };
    const formats =
      patch.webhook_signature_formats === undefined
        ? undefined
        : canonicalFormats(patch.webhook_signature_formats);
    if (
      Object.values(requested).every((value) => value === undefined) &&
      patch.config === undefined &&
      formats === undefined &&
      patch.flow === undefined &&
      patch.input_schema === undefined &&
      patch.mcp === undefined
    ) {
      throw ApiError.invalid(
        'status',
        'The body must set at least one of: status, name, config, webhook_auth, webhook_signature_formats, timeout_ms, flow, input_schema, mcp',
      );
    }
    const flow = patch.flow === undefined ? undefined : checkFlow(patch.flow, this.flowKeys);
    const agent = await this.findOwned(accountId, id);
    if (requested.webhookAuth) this.assertCredentialExists(agent, requested.webhookAuth);
    const changes: AgentChanges = {};
    for (const [key, value] of Object.entries(requested) as [keyof typeof requested, never][]) {
      if (value !== undefined && agent[key] !== value) changes[key] = value;
    }
    if (formats !== undefined && !sameList(formats, agent.webhookSignatureFormats)) {
      changes.webhookSignatureFormats = formats;
    }
    if (flow !== undefined && canonicalJson(flow) !== canonicalJson(agent.flow ?? null)) {
      changes.flow = flow;
    }
    const config =
      patch.config === undefined ? undefined : this.kinds.validate(agent.kind, patch.config);
    if (config !== undefined) await this.assertStepAgents(accountId, agent.kind, config);
    Object.assign(changes, this.mcpChanges(agent, patch, changes.name));
    const tool = changes.mcpTool;
    if (config !== undefined && canonicalJson(config) !== canonicalJson(agent.config)) {
      return this.withStats(
        await this.withToolName(tool, () => this.writes.changeConfig(agent, config, changes)),
      );
    }
    if (Object.keys(changes).length === 0) return this.withStats(agent);
    return this.withStats(await this.withToolName(tool, () => this.writes.change(agent, changes)));
  }

  /**
   * The changes of `input_schema` and `mcp` a PATCH makes (with `mcp_tool`, the name held,
   * when it moves: a rename changes a derived tool name).
   */
  private mcpChanges(agent: Agent, patch: UpdateAgentDto, name?: string): AgentChanges {
    const changes: AgentChanges = {};
    if (patch.input_schema !== undefined) {
      const schema = checkInputSchema(patch.input_schema);
      if (canonicalJson(schema) !== canonicalJson(agent.inputSchema)) changes.inputSchema = schema;
    }
    const current: McpColumns = {
      mcpEnabled: agent.mcpEnabled,
      mcpName: agent.mcpName,
      mcpDescription: agent.mcpDescription,
    };
    const next = patch.mcp === undefined ? current : applyMcpField(patch.mcp, current);
    for (const key of Object.keys(next) as (keyof McpColumns)[]) {
      if (next[key] !== current[key]) Object.assign(changes, { [key]: next[key] });
    }
    const held = heldToolName({ ...agent, ...next, name: name ?? agent.name });
    if (held !== agent.mcpTool) changes.mcpTool = held;
    return changes;
  }

  /**
   * Runs a write that takes the tool name `tool` (undefined or null: none): the server's own
   * tool name, or one another enabled agent of the account holds (the unique index), is 409.
   */
  private async withToolName<T>(tool: string | null | undefined, write: () => Promise<T>) {
    if (tool === GET_EXECUTION_TOOL) throw toolNameTaken(tool);
    try {
      return await write();
    } catch (error) {
      if (tool && isUniqueViolation(error)) throw toolNameTaken(tool);
      throw error;
    }
  }

  /** Version `version` of the account's agent `id`: 404 when either does not exist. */
  async getVersion(accountId: string, id: string, version: number): Promise<AgentVersion> {
    const agent = await this.findOwned(accountId, id);
    const found = await this.versions.find(agent.id, version);
    if (!found) throw ApiError.notFound('Agent version');
    return found;
  }

  /**
   * Soft delete: the row stays so that its executions remain readable by id. Its webhook
   * id is replaced by a fresh random one and its credentials are wiped, so the old webhook
   * URL can never resolve again even through a lookup that forgot `deleted_at`.
   */
  async remove(accountId: string, id: string): Promise<void> {
    const agent = await this.findOwned(accountId, id);
    const at = now();
    await this.writes.change(agent, {
      deletedAt: at,
      mcpTool: null,
      webhookId: newWebhookId(),
      webhookKeyHash: null,
      webhookSecretEnc: null,
    });
  }

  /**
   * A new webhook credential, returned only here, and the agent's webhook auth mode set to
   * its type. An API key replaces the previous one (stored as its SHA-256); a signing
   * secret (`whsec_…`) replaces the previous one (stored encrypted).
   */
  async createWebhookCredential(
    accountId: string,
    id: string,
    type: CredentialType,
  ): Promise<WebhookCredential> {
    const agent = await this.findOwned(accountId, id);
    if (type === 'api_key') {
      const secret = `${WEBHOOK_KEY_PREFIX}${randomToken(32)}`;
      await this.writes.change(agent, {
        webhookKeyHash: sha256Hex(secret),
        webhookAuth: 'api_key',
      });
      return { type, secret };
    }
    const secret = newSigningSecret();
    await this.writes.change(agent, {
      webhookSecretEnc: this.secrets.seal(secret),
      webhookAuth: 'signature',
    });
    return { type, secret };
  }

  /** A new webhook id: the old webhook URL stops resolving at once. */
  async rotateWebhookUrl(accountId: string, id: string): Promise<AgentView> {
    const agent = await this.findOwned(accountId, id);
    return this.withStats(await this.writes.change(agent, { webhookId: newWebhookId() }));
  }

  /** The (not deleted) agent a webhook id belongs to; 404 `not_found` otherwise. */
  async findByWebhookId(webhookId: string): Promise<Agent> {
    const agent = await this.agents.findOneBy({ webhookId, deletedAt: IsNull() });
    if (!agent) throw ApiError.notFound('Webhook');
    return agent;
  }

  /** Constant-time check of a presented `X-API-Key` against the agent's stored hash. */
  webhookKeyMatches(agent: Agent, presented: string): boolean {
    return agent.webhookKeyHash !== null && safeEqual(sha256Hex(presented), agent.webhookKeyHash);
  }

  /** The agent's webhook signing secret (`whsec_…`) in clear, or null when none exists. */
  webhookSigningSecret(agent: Agent): string | null {
    return agent.webhookSecretEnc ? this.secrets.open(agent.webhookSecretEnc) : null;
  }

  private assertCredentialExists(agent: Agent, mode: WebhookAuth): void {
    const missing =
      (mode === 'api_key' && agent.webhookKeyHash === null) ||
      (mode === 'signature' && agent.webhookSecretEnc === null);
    if (missing) {
      throw ApiError.invalid(
        'webhook_auth',
        `The agent has no webhook ${mode === 'api_key' ? 'API key' : 'signing secret'}; create one with POST /v2/agents/${agent.id}/webhook-credentials {"type":"${mode}"}`,
      );
    }
  }

  private async withStats(agent: Agent): Promise<AgentView> {
    const stats = await this.stats.forAgents([agent.id]);
    return { agent, stats: stats.get(agent.id)! };
  }
}

/** The accepted signature formats in their fixed order (the default: every format). */
function canonicalFormats(formats?: WebhookSignatureFormat[]): WebhookSignatureFormat[] {
  return formats === undefined
    ? [...WEBHOOK_SIGNATURE_FORMATS]
    : WEBHOOK_SIGNATURE_FORMATS.filter((format) => formats.includes(format));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
