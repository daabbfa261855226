import { Global, Module } from '@nestjs/common';
import { USAGE_CLOCK, UsageMeter, type UsageClock } from './usage-meter';

const systemClock: UsageClock = { now: () => new Date() };

/**
 * The usage meter of model calls, global so that the `workflow` kind (provided by the kinds
 * module, in the worker and in the API for test runs) finds it without importing this module.
 * Its clock (`USAGE_CLOCK`) is a provider, so that a module test can replace it.
 */
@Global()
@Module({
  providers: [UsageMeter, { provide: USAGE_CLOCK, useValue: systemClock }],
  exports: [UsageMeter, USAGE_CLOCK],
})
export class UsageModule {}
