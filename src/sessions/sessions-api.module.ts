import { Module } from '@nestjs/common';
import { SessionsController } from './sessions.controller';
import { SessionsModule } from './sessions.module';

/** The `/v2/session` and `/v2/password-setup` routes; the api role only (AppModule). */
@Module({
  imports: [SessionsModule],
  controllers: [SessionsController],
})
export class SessionsApiModule {}
