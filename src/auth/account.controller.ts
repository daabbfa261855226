import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PLANS } from './account.entity';
import { SCOPES } from './api-key.entity';

export class AccountApiKey {
  @ApiProperty({ example: 'key_01jd8z0a2b4c6d8e0f2g4h6j8k' })
  id: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: [...SCOPES] })
  scopes: string[];
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
}

/** `GET /v2/account`: which account and scopes the presented key has (any valid key). */
@Controller('account')
@ApiTags('Account')
export class AccountController {
  @Get()
  @ApiOperation({
    operationId: 'getAccount',
    summary: 'The account and scopes of the API key',
    description: 'Any valid key may call it: a cheap way to check a key.',
  })
  @ApiOkResponse({ type: AccountResponse })
  whoami(@Req() req: Request): AccountResponse {
    const auth = req.auth!;
    return {
      id: auth.account.id,
      name: auth.account.name,
      plan: auth.account.plan,
      api_key: auth.apiKeyId
        ? { id: auth.apiKeyId, scopes: SCOPES.filter((scope) => auth.scopes.has(scope)) }
        : null,
    };
  }
}
