import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { Account } from '../auth/account.entity';
import {
  CurrentAccount,
  CurrentAuth,
  RequireScope,
  type AuthContext,
} from '../auth/auth.decorators';
import { assertMayUseSecrets } from '../secrets/secret-use';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import {
  AgentDetail,
  AgentList,
  AgentVersionResponse,
  toAgentDetail,
  toAgentList,
  toAgentVersion,
  WebhookCredentialResponse,
} from './agent.response';
import { AgentsService, WebhookCredential } from './agents.service';
import { CreateAgentDto } from './dto/create-agent.dto';
import { CreateWebhookCredentialDto } from './dto/create-webhook-credential.dto';
import { ListAgentsQuery } from './dto/list-agents.query';
import { UpdateAgentDto } from './dto/update-agent.dto';

/**
 * `/v2/agents` (docs/api.md, Agents API). Rules live in AgentsService; shapes in agent.response.ts.
 */
/** The `:id` of the routes below. */
const AgentIdParam = () => ApiParam({ name: 'id', description: 'Agent id (`agt_…`)' });

@Controller('agents')
@ApiTags('Agents')
export class AgentsController {
  constructor(
    private readonly agents: AgentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @RequireScope('agents:read')
  @ApiOperation({
    operationId: 'listAgents',
    summary: 'List the agents of the account',
    description: 'Ordered by `created_at`, then `id`.',
  })
  @ApiOkResponse({ type: AgentList })
  async list(
    @CurrentAccount() account: Account,
    @Query() query: ListAgentsQuery,
  ): Promise<AgentList> {
    const { views, total } = await this.agents.list(account.id, query.page, query.per_page);
    return toAgentList(
      views,
      { total, page: query.page, per_page: query.per_page },
      this.config.webhookBaseUrl,
    );
  }

  @Get(':id')
  @RequireScope('agents:read')
  @AgentIdParam()
  @ApiOperation({ operationId: 'getAgent', summary: 'Read one agent (detailed record)' })
  @ApiOkResponse({ type: AgentDetail })
  async get(@CurrentAccount() account: Account, @Param('id') id: string): Promise<AgentDetail> {
    return toAgentDetail(await this.agents.get(account.id, id), this.config.webhookBaseUrl);
  }

  @Post()
  @RequireScope('agents:write')
  @ApiOperation({
    operationId: 'createAgent',
    summary: 'Create an agent',
    description:
      'An unknown `kind`, or a `config` the kind refuses, is 400 naming the field. A `config` that references `{{secrets.NAME}}` needs the `secrets:use` scope (a dashboard session: the owner role): else 403 `forbidden` with `field` the path of the reference.',
  })
  @ApiCreatedResponse({
    type: AgentDetail,
    headers: { Location: { description: 'URL of the new agent', schema: { type: 'string' } } },
  })
  async create(
    @CurrentAuth() auth: AuthContext,
    @CurrentAccount() account: Account,
    @Body() body: CreateAgentDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AgentDetail> {
    assertMayUseSecrets(auth, body.config);
    const view = await this.agents.create(account.id, body);
    res.setHeader('Location', `${this.config.baseUrl}/agents/${view.agent.id}`);
    return toAgentDetail(view, this.config.webhookBaseUrl);
  }

  @Patch(':id')
  @RequireScope('agents:write')
  @AgentIdParam()
  @ApiOperation({
    operationId: 'updateAgent',
    summary: 'Pause or resume an agent, rename it, change its webhook auth or timeout',
    description:
      'At least one field; an empty body or an unknown field is 400. A `config` that references `{{secrets.NAME}}` needs the `secrets:use` scope (a dashboard session: the owner role): else 403 `forbidden` with `field` the path of the reference.',
  })
  @ApiOkResponse({ type: AgentDetail })
  async update(
    @CurrentAuth() auth: AuthContext,
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateAgentDto,
  ): Promise<AgentDetail> {
    assertMayUseSecrets(auth, body.config);
    return toAgentDetail(
      await this.agents.update(account.id, id, body),
      this.config.webhookBaseUrl,
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('agents:write')
  @AgentIdParam()
  @ApiOperation({
    operationId: 'deleteAgent',
    summary: 'Delete an agent',
    description: 'Its webhook URL answers 404 from then on; its executions stay readable by id.',
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.agents.remove(account.id, id);
  }

  @Post(':id/webhook-credentials')
  @RequireScope('agents:write')
  @AgentIdParam()
  @ApiOperation({
    operationId: 'createWebhookCredential',
    summary: 'Create the webhook API key or signing secret of an agent',
    description:
      'Replaces any previous credential of that type and sets `webhook_auth` to it. The secret is shown only in this response.',
  })
  @ApiCreatedResponse({ type: WebhookCredentialResponse })
  async createWebhookCredential(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: CreateWebhookCredentialDto,
  ): Promise<WebhookCredential> {
    return this.agents.createWebhookCredential(account.id, id, body.type);
  }

  @Get(':id/versions/:version')
  @RequireScope('agents:read')
  @AgentIdParam()
  @ApiParam({ name: 'version', description: 'Version number (1 on create)', type: 'integer' })
  @ApiOperation({
    operationId: 'getAgentVersion',
    summary: "One version of an agent's config",
    description:
      'Every change of `config` makes a new version; an execution runs the version current when it was created (`agent_version`).',
  })
  @ApiOkResponse({ type: AgentVersionResponse })
  async getVersion(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('version', new ParseIntPipe({ exceptionFactory: () => badVersion() })) version: number,
  ): Promise<AgentVersionResponse> {
    if (version < 1) throw badVersion();
    return toAgentVersion(await this.agents.getVersion(account.id, id, version));
  }

  @Post(':id/webhook-url/rotate')
  @HttpCode(200)
  @RequireScope('agents:write')
  @AgentIdParam()
  @ApiOperation({
    operationId: 'rotateWebhookUrl',
    summary: 'Give an agent a new webhook URL',
    description: 'The old URL answers 404 from then on.',
  })
  @ApiOkResponse({ type: AgentDetail })
  async rotateWebhookUrl(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<AgentDetail> {
    return toAgentDetail(
      await this.agents.rotateWebhookUrl(account.id, id),
      this.config.webhookBaseUrl,
    );
  }
}

const badVersion = () => ApiError.invalid('version', 'version must be a positive integer');
