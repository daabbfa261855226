import { Module } from '@nestjs/common';
import { EmbeddedRunQueue } from './embedded-run-queue';
import { RUN_QUEUE } from './run-queue';

/** Provides the run queue (producer side) to the listeners and the worker. */
@Module({
  providers: [EmbeddedRunQueue, { provide: RUN_QUEUE, useExisting: EmbeddedRunQueue }],
  exports: [RUN_QUEUE],
})
export class QueueModule {}
