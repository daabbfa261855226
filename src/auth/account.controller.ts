import { Controller, Delete, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { PLAN_LIMITS } from '../throttling/plan-limits';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { PLANS } from '../config/plans';
import type { Account } from './account.entity';
import { AccountsService } from './accounts.service';
import { SCOPES } from './api-key.entity';
import { CurrentAccount, OwnerOnly } from './auth.decorators';

export class AccountApiKey {
  @ApiProperty({ example: 'key_01jd8z0a2b4c6d8e0f2g4h6j8k' })
  id: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: [...SCOPES] })
  scopes: string[];
}

export class AccountLimits {
  @ApiProperty({ type: 'integer', example: 1000, description: 'Requests per hour' })
  per_hour: number;

  @ApiProperty({ type: 'integer', example: 50, description: 'Requests per second' })
  per_second: number;
}

export class AccountUsage {
  @ApiProperty({ type: 'integer', description: 'Executions created in the last 60 minutes' })
  this_hour: number;

  @ApiProperty({ type: 'integer', description: 'Executions created since 00:00 UTC' })
  today: number;
}

export class AccountSigning {
  @ApiProperty({
    description: 'Whether outgoing webhooks (callbacks) are signed with the account secret',
  })
  enabled: boolean;
}

export class AccountResponse {
  @ApiProperty({ example: 'acc_01jd8yzz0a2b4c6d8e0f2g4h6j' })
  id: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ enum: PLANS, example: 'pro' })
  plan: string;

  @ApiProperty({
    type: AccountApiKey,
    nullable: true,
    description: 'The key this request was made with; null with a dashboard session',
  })
  api_key: AccountApiKey | null;

  @ApiProperty({
    type: AccountLimits,
    nullable: true,
    description: "The plan's rate limits; null when unlimited (enterprise)",
  })
  limits: AccountLimits | null;

  @ApiProperty({ type: AccountUsage })
  usage: AccountUsage;

  @ApiProperty({ type: AccountSigning })
  signing: AccountSigning;

  @ApiProperty({
    description:
      "The address of the account's MCP server (`{BASE_URL}/mcp`), for an MCP client with an API key (docs/mcp.md)",
    example: 'https://api.example.com/v2/mcp',
  })
  mcp_url: string;
}

export class SigningSecretResponse {
  @ApiProperty({
    description:
      'The new `whsec_…` secret: shown only in this answer, stored encrypted. Callbacks are signed with it from now on.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  signing_secret: string;
}

/** `/v2/account`: the caller's account, its plan, usage and outgoing-webhook signing. */
@Controller('account')
@ApiTags('Account')
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getAccount',
    summary:
      'The account, its plan, limits and usage, the scopes of the API key, and its MCP address',
    description: 'Any valid key or session may call it: a cheap way to check a key.',
  })
  @ApiOkResponse({ type: AccountResponse })
  async whoami(@Req() req: Request): Promise<AccountResponse> {
    const auth = req.auth!;
    const limits = PLAN_LIMITS[auth.account.plan];
    return {
      id: auth.account.id,
      name: auth.account.name,
      plan: auth.account.plan,
      api_key: auth.apiKeyId
        ? { id: auth.apiKeyId, scopes: SCOPES.filter((scope) => auth.scopes.has(scope)) }
        : null,
      limits: limits ? { per_hour: limits.hourly, per_second: limits.burst } : null,
      usage: await this.accounts.usage(auth.account.id),
      signing: { enabled: auth.account.signingSecretEnc !== null },
      mcp_url: `${this.config.baseUrl}/mcp`,
    };
  }

  @Post('signing-secret/rotate')
  @OwnerOnly()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateSigningSecret',
    summary: "Set a new secret for signing the account's outgoing webhooks (enables signing)",
    description:
      'The previous secret stops being used at once. The new one is shown only in this answer.',
  })
  @ApiOkResponse({ type: SigningSecretResponse })
  async rotateSigningSecret(@CurrentAccount() account: Account): Promise<SigningSecretResponse> {
    const { signing_secret } = await this.accounts.rotateSigningSecret(account.id);
    return { signing_secret };
  }

  @Delete('signing-secret')
  @OwnerOnly()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'disableSigning',
    summary: "Stop signing the account's outgoing webhooks (the secret is forgotten)",
  })
  @ApiNoContentResponse({ description: 'Signing disabled' })
  async disableSigning(@CurrentAccount() account: Account): Promise<void> {
    await this.accounts.disableSigning(account.id);
  }
}
