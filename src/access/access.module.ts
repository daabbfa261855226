import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { BearerAuthGuard } from './bearer-auth.guard';

/**
 * Who is calling a REST route: the global guard (AppModule makes it `APP_GUARD` with the REST
 * listener), which accepts an API key (auth/) or a dashboard session (sessions/) and applies
 * the rate limits (throttling/). Above those three, so that none of them imports another.
 */
@Module({
  imports: [AuthModule, SessionsModule, ThrottlingModule],
  providers: [BearerAuthGuard],
  exports: [BearerAuthGuard],
})
export class AccessModule {}
