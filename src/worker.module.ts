import { DynamicModule, Module } from '@nestjs/common';
import { LoggingModule } from './common/logging.module';
import { CoreModule, CoreResources } from './core.module';
import { RetentionModule } from './retention/retention.module';
import { RunnerModule } from './runner/runner.module';
import { CallbackDispatchModule } from './webhooks/outbound/callback-dispatch.module';

/** Root of the worker role: runs queued executions and sends callbacks; no HTTP listener. */
@Module({})
export class WorkerModule {
  static forRoot(core: CoreResources): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(core),
        LoggingModule,
        RunnerModule,
        RetentionModule,
        CallbackDispatchModule,
      ],
    };
  }
}
