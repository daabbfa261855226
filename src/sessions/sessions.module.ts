import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SessionsService } from './sessions.service';

/** Dashboard sessions, without routes (the bearer guard and the CLI use the service). */
@Module({
  imports: [UsersModule],
  providers: [SessionsService],
  exports: [SessionsService, UsersModule],
})
export class SessionsModule {}
