import { DynamicModule, Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { AuthModule } from '../auth/auth.module';
import { CoreModule, CoreResources } from '../core.module';
import { UsersModule } from '../users/users.module';

/** The services the CLI commands call: the same ones the API uses. */
@Module({})
export class CliModule {
  static forRoot(core: CoreResources): DynamicModule {
    return {
      module: CliModule,
      imports: [CoreModule.forRoot(core), AuthModule, AgentsModule, UsersModule],
    };
  }
}
