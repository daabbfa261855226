import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { ApiKeysController } from './api-keys.controller';
import { AuthModule } from './auth.module';

/**
 * The `/v2/account` and `/v2/api-keys` routes: the api role only (AppModule). The worker
 * imports AuthModule (accounts' signing secrets) without mounting these routes.
 */
@Module({
  imports: [AuthModule],
  controllers: [AccountController, ApiKeysController],
  exports: [AuthModule],
})
export class AuthApiModule {}
