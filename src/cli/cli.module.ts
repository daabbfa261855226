import { DynamicModule, Module, type Type } from '@nestjs/common';
import { CoreModule, CoreOptions } from '../core.module';

/**
 * The container of one CLI command: the core providers (configuration, repositories, secret
 * box) and the domain modules the command calls (with-services.ts), the same services the API
 * uses, running no role (no listener, no worker, no Redis client).
 */
@Module({})
export class CliModule {
  static forRoot({
    config,
    dataSource,
    imports,
  }: CoreOptions & { imports: Type[] }): DynamicModule {
    return {
      module: CliModule,
      imports: [
        CoreModule.forRoot({ config: { ...config, roles: new Set() }, dataSource }),
        ...imports,
      ],
    };
  }
}
