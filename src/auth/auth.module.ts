import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { AccountController } from './account.controller';
import { ApiKeysController } from './api-keys.controller';
import { AccountsService } from './accounts.service';
import { ApiKeysService } from './api-keys.service';
import { BearerAuthGuard } from './bearer-auth.guard';

@Module({
  imports: [ThrottlingModule, SessionsModule],
  controllers: [AccountController, ApiKeysController],
  providers: [AccountsService, ApiKeysService, BearerAuthGuard],
  exports: [AccountsService, ApiKeysService, BearerAuthGuard],
})
export class AuthModule {}
