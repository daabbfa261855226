import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiError } from '../../common/api-error';
import { Execution } from '../../executions/execution.entity';
import { DeliveryAttempt } from './delivery-attempt.entity';

/** The delivery log of an execution's callbacks, scoped to the caller's account. */
@Injectable()
export class DeliveriesService {
  constructor(
    @InjectRepository(Execution) private readonly executions: Repository<Execution>,
    @InjectRepository(DeliveryAttempt) private readonly attempts: Repository<DeliveryAttempt>,
  ) {}

  /** Every attempt, newest first; 404 for an unknown execution or one of another account. */
  async listForExecution(accountId: string, executionId: string): Promise<DeliveryAttempt[]> {
    const exists = await this.executions.exists({ where: { id: executionId, accountId } });
    if (!exists) throw ApiError.notFound('Execution');
    // At most 6 attempts per delivery and one delivery per execution: no paging needed.
    // Its callbacks only: what webhook endpoints got is in their own delivery log.
    return this.attempts.find({
      where: { executionId, endpointId: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }
}
