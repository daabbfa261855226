import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { AccountsService } from './accounts.service';
import { ApiKeysService } from './api-keys.service';
import { BearerAuthGuard } from './bearer-auth.guard';

/** Accounts, API keys and the bearer guard; no routes (those are AuthApiModule's). */
@Module({
  imports: [ThrottlingModule, SessionsModule],
  providers: [AccountsService, ApiKeysService, BearerAuthGuard],
  exports: [AccountsService, ApiKeysService, BearerAuthGuard],
})
export class AuthModule {}
