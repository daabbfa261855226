import { Module } from '@nestjs/common';
import { AccountsService } from './accounts.service';
import { ApiKeysService } from './api-keys.service';

/** Accounts and API keys; no routes (those are AuthApiModule's), no guard (AccessModule's). */
@Module({
  providers: [AccountsService, ApiKeysService],
  exports: [AccountsService, ApiKeysService],
})
export class AuthModule {}
