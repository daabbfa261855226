import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { SCOPES } from './api-key.entity';

/** `GET /v2/account`: which account and scopes the presented key has (any valid key). */
@Controller('account')
export class AccountController {
  @Get()
  whoami(@Req() req: Request) {
    const auth = req.auth!;
    return {
      id: auth.account.id,
      name: auth.account.name,
      plan: auth.account.plan,
      api_key: { id: auth.apiKeyId, scopes: SCOPES.filter((scope) => auth.scopes.has(scope)) },
    };
  }
}
