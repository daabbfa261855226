import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, RequireScope } from '../auth/auth.decorators';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { AgentDetail, AgentList, toAgentDetail, toAgentList } from './agent.response';
import { AgentsService, WebhookCredential } from './agents.service';
import { CreateAgentDto } from './dto/create-agent.dto';
import { CreateWebhookCredentialDto } from './dto/create-webhook-credential.dto';
import { ListAgentsQuery } from './dto/list-agents.query';
import { UpdateAgentDto } from './dto/update-agent.dto';

/** `/v2/agents`: CONTRACT §3. Rules live in AgentsService; shapes in agent.response.ts. */
@Controller('agents')
export class AgentsController {
  constructor(
    private readonly agents: AgentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @RequireScope('agents:read')
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
  async get(@CurrentAccount() account: Account, @Param('id') id: string): Promise<AgentDetail> {
    return toAgentDetail(await this.agents.get(account.id, id), this.config.webhookBaseUrl);
  }

  @Post()
  @RequireScope('agents:write')
  async create(
    @CurrentAccount() account: Account,
    @Body() body: CreateAgentDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AgentDetail> {
    const view = await this.agents.create(account.id, body);
    res.setHeader('Location', `${this.config.baseUrl}/agents/${view.agent.id}`);
    return toAgentDetail(view, this.config.webhookBaseUrl);
  }

  @Patch(':id')
  @RequireScope('agents:write')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateAgentDto,
  ): Promise<AgentDetail> {
    return toAgentDetail(
      await this.agents.update(account.id, id, body),
      this.config.webhookBaseUrl,
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('agents:write')
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.agents.remove(account.id, id);
  }

  @Post(':id/webhook-credentials')
  @RequireScope('agents:write')
  async createWebhookCredential(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: CreateWebhookCredentialDto,
  ): Promise<WebhookCredential> {
    return this.agents.createWebhookCredential(account.id, id, body.type);
  }

  @Post(':id/webhook-url/rotate')
  @HttpCode(200)
  @RequireScope('agents:write')
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
