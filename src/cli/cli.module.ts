import { DynamicModule, Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { AuthModule } from '../auth/auth.module';
import { CoreModule, CoreOptions } from '../core.module';
import { UsersModule } from '../users/users.module';
import { OutboundModule } from '../webhooks/outbound/outbound.module';
import { WorkflowsModule } from '../workflows/workflows.module';

/**
 * The services the CLI commands call: the same ones the API uses, in a container that runs no
 * role (no listener, no worker, no Redis client).
 */
@Module({})
export class CliModule {
  static forRoot({ config, dataSource }: CoreOptions): DynamicModule {
    return {
      module: CliModule,
      imports: [
        CoreModule.forRoot({ config: { ...config, roles: new Set() }, dataSource }),
        AuthModule,
        AgentsModule,
        UsersModule,
        WorkflowsModule,
        OutboundModule,
      ],
    };
  }
}
