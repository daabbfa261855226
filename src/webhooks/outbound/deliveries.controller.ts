import { Controller, Get, Param } from '@nestjs/common';
import type { Account } from '../../auth/account.entity';
import { CurrentAccount, RequireScope } from '../../auth/auth.decorators';
import { DeliveriesService } from './deliveries.service';
import { toDeliveryAttemptResponse } from './delivery-attempt.response';

@Controller('executions')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  /** `GET /v2/executions/:id/deliveries`: the callback attempts of one execution, newest first. */
  @Get(':id/deliveries')
  @RequireScope('executions:read')
  async list(@CurrentAccount() account: Account, @Param('id') id: string) {
    const attempts = await this.deliveries.listForExecution(account.id, id);
    return { data: attempts.map(toDeliveryAttemptResponse) };
  }
}
