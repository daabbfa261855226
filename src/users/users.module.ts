import { Module } from '@nestjs/common';
import { UsersService } from './users.service';

/** Dashboard users (no routes: UsersController is mounted by SessionsModule's app). */
@Module({
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
