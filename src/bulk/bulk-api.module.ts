import { Module } from '@nestjs/common';
import { ExecutionsApiModule } from '../executions/executions-api.module';
import { BulkActionsController } from './bulk-actions.controller';
import { BulkActionsService } from './bulk-actions.service';

/** `POST /v2/executions/bulk-retry`, `/v2/bulk-actions` and the runner of bulk actions; the api role only (AppModule). */
@Module({
  imports: [ExecutionsApiModule],
  controllers: [BulkActionsController],
  providers: [BulkActionsService],
})
export class BulkApiModule {}
