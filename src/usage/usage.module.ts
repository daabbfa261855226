import { Global, Module } from '@nestjs/common';
import { UsageMeter } from './usage-meter';

/**
 * The usage meter of model calls, global so that the `workflow` kind (provided by the kinds
 * module, in the worker and in the API for test runs) finds it without importing this module.
 */
@Global()
@Module({
  providers: [UsageMeter],
  exports: [UsageMeter],
})
export class UsageModule {}
