import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';

/** The `/v2/users` routes; the api role only (AppModule). */
@Module({
  imports: [UsersModule],
  controllers: [UsersController],
})
export class UsersApiModule {}
