import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Account } from '../../auth/account.entity';
import { CurrentAccount, RequireScope } from '../../auth/auth.decorators';
import { DeliveriesService } from './deliveries.service';
import { DeliveryAttemptList, toDeliveryAttemptResponse } from './delivery-attempt.response';

@Controller('executions')
@ApiTags('Executions')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  /** `GET /v2/executions/:id/deliveries`: the callback attempts of one execution, newest first. */
  @Get(':id/deliveries')
  @RequireScope('executions:read')
  @ApiOperation({
    operationId: 'listDeliveries',
    summary: 'Callback delivery attempts of an execution',
    description:
      'Every attempt to POST the result to `options.callback_url`, newest first. Empty when the execution had no callback.',
  })
  @ApiParam({ name: 'id', description: 'Execution id (`exe_…`)' })
  @ApiOkResponse({ type: DeliveryAttemptList })
  async list(@CurrentAccount() account: Account, @Param('id') id: string) {
    const attempts = await this.deliveries.listForExecution(account.id, id);
    return { data: attempts.map(toDeliveryAttemptResponse) };
  }
}
