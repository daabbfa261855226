import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Account } from './account.entity';
import { ApiKeyListResponse, CreatedApiKeyResponse, toApiKeyResponse } from './api-key.response';
import { ApiKeysService } from './api-keys.service';
import { CurrentAccount, OwnerOnly } from './auth.decorators';
import { CreateApiKeyDto } from './dto/create-api-key.dto';

/** `/v2/api-keys`: the account's keys, managed from the dashboard by owners. */
@Controller('api-keys')
@ApiTags('API keys')
@OwnerOnly()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({ operationId: 'listApiKeys', summary: "The account's API keys, newest first" })
  @ApiOkResponse({ type: ApiKeyListResponse })
  async list(@CurrentAccount() account: Account): Promise<ApiKeyListResponse> {
    return { data: (await this.keys.list(account.id)).map(toApiKeyResponse) };
  }

  @Post()
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key (the key is shown only in this answer)',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyResponse })
  async create(
    @CurrentAccount() account: Account,
    @Body() body: CreateApiKeyDto,
  ): Promise<CreatedApiKeyResponse> {
    const created = await this.keys.create(account.id, body.scopes, body.name);
    const { revoked_at: _revoked, last_used_at: _used, ...shown } = toApiKeyResponse(created.row);
    return { ...shown, key: created.key };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key (requests with it get 401 from now on)',
  })
  @ApiParam({ name: 'id', description: 'API key id (`key_…`)' })
  @ApiNoContentResponse({ description: 'Revoked (also when it already was)' })
  async revoke(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.keys.revoke(id, account.id);
  }
}
