import { Global, Module } from '@nestjs/common';
import { MODEL_METER } from '../workflows/context';
import { USAGE_CLOCK, UsageMeter, type UsageClock } from './usage-meter';

const systemClock: UsageClock = { now: () => new Date() };

/**
 * The usage meter of model calls, global so that the `workflow` kind (src/workflows/, below
 * this module) finds it as `MODEL_METER`, its port, without importing this module.
 * Its clock (`USAGE_CLOCK`) is a provider, so that a module test can replace it.
 */
@Global()
@Module({
  providers: [
    UsageMeter,
    { provide: MODEL_METER, useExisting: UsageMeter },
    { provide: USAGE_CLOCK, useValue: systemClock },
  ],
  exports: [UsageMeter, MODEL_METER, USAGE_CLOCK],
})
export class UsageModule {}
