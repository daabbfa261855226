import { Module } from '@nestjs/common';
import { UsersService } from './users.service';

/** Dashboard users, without routes (UsersApiModule mounts them on the REST app). */
@Module({
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
