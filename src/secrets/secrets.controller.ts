import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, OwnerOrApiKey, RequireScope } from '../auth/auth.decorators';
import { PutSecretDto } from './dto/put-secret.dto';
import { SecretListResponse, SecretResponse, toSecretResponse } from './secret.response';
import { SecretsService } from './secrets.service';

const SecretNameParam = () =>
  ApiParam({
    name: 'name',
    description: 'Secret name (`^[A-Z][A-Z0-9_]{0,63}$`), used as `{{secrets.NAME}}`',
    schema: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
  });

/** `/v2/secrets` (docs/api.md, Secrets). API keys with the scope, or owners in the dashboard. */
@Controller('secrets')
@ApiTags('Secrets')
@OwnerOrApiKey()
export class SecretsController {
  constructor(private readonly secrets: SecretsService) {}

  @Get()
  @RequireScope('secrets:read')
  @ApiOperation({ operationId: 'listSecrets', summary: "The account's secrets (names only)" })
  @ApiOkResponse({ type: SecretListResponse })
  async list(@CurrentAccount() account: Account): Promise<SecretListResponse> {
    return { data: (await this.secrets.list(account.id)).map(toSecretResponse) };
  }

  @Put(':name')
  @RequireScope('secrets:write')
  @SecretNameParam()
  @ApiOperation({
    operationId: 'putSecret',
    summary: 'Create or replace a secret (its value is never returned)',
  })
  @ApiOkResponse({ type: SecretResponse })
  async put(
    @CurrentAccount() account: Account,
    @Param('name') name: string,
    @Body() body: PutSecretDto,
  ): Promise<SecretResponse> {
    return toSecretResponse((await this.secrets.put(account.id, name, body.value)).secret);
  }

  @Delete(':name')
  @HttpCode(204)
  @RequireScope('secrets:write')
  @SecretNameParam()
  @ApiOperation({ operationId: 'deleteSecret', summary: 'Delete a secret' })
  @ApiNoContentResponse({ description: 'Deleted' })
  async remove(@CurrentAccount() account: Account, @Param('name') name: string): Promise<void> {
    await this.secrets.remove(account.id, name);
  }
}
