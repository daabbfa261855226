import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Agent } from '../agents/agent.entity';
import { AgentStatsService } from '../agents/agent-stats.service';
import { isUniqueViolation } from '../common/database-errors';
import { retrying } from '../database/transactions';
import { newId } from '../common/ids';
import { now } from '../common/time';
import { RUN_QUEUE, type RunQueue } from '../runner/run-queue';
import { Execution, ExecutionSource } from './execution.entity';

/** How long an idempotency key (or webhook delivery id) is remembered per agent. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface NewExecution {
  agent: Agent;
  input: Record<string, unknown>;
  source: ExecutionSource;
  retryOf?: string | null;
  callbackUrl?: string | null;
  idempotencyKey?: string | null;
  /** SHA-256 of the request that carried the key, to tell a replay from a conflict. */
  requestHash?: string | null;
}

export interface IntakeResult {
  execution: Execution;
  /** False when an execution with the same idempotency key already existed (a replay). */
  created: boolean;
}

/**
 * The one way executions are created (API trigger, webhook, retry): the row is committed as
 * `queued` together with the agent's daily counter, and only then announced to the run
 * queue. A caller acknowledges the client only after `submit` resolved, so an acknowledged
 * execution is always durable.
 */
@Injectable()
export class ExecutionIntakeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stats: AgentStatsService,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
  ) {}

  async submit(request: NewExecution): Promise<IntakeResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const execution = await retrying(this.dataSource).transaction((manager) =>
          this.insert(manager, request),
        );
        await this.queue.enqueue([execution.id]);
        return { execution, created: true };
      } catch (error) {
        if (!request.idempotencyKey || !isUniqueViolation(error)) throw error;
        const existing = await this.dataSource.getRepository(Execution).findOneBy({
          agentId: request.agent.id,
          idempotencyKey: request.idempotencyKey,
        });
        if (!existing) continue; // released meanwhile: try again
        if (now().getTime() - existing.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) {
          return { execution: existing, created: false };
        }
        // The key is older than the window: it no longer binds, release it and insert anew.
        await this.dataSource
          .getRepository(Execution)
          .update(
            { id: existing.id, idempotencyKey: request.idempotencyKey },
            { idempotencyKey: null },
          );
      }
    }
    throw new Error('Could not settle an idempotency key after 3 attempts');
  }

  private async insert(manager: EntityManager, request: NewExecution): Promise<Execution> {
    const createdAt = now();
    const execution = manager.create(Execution, {
      id: newId('exe'),
      accountId: request.agent.accountId,
      agentId: request.agent.id,
      agentKind: request.agent.kind,
      status: 'queued',
      source: request.source,
      retryOf: request.retryOf ?? null,
      input: request.input,
      output: null,
      error: null,
      logs: null,
      callbackUrl: request.callbackUrl ?? null,
      idempotencyKey: request.idempotencyKey ?? null,
      requestHash: request.requestHash ?? null,
      attempts: 0,
      leasedUntil: null,
      createdAt,
      startedAt: null,
      completedAt: null,
      durationMs: null,
    });
    await manager.insert(Execution, execution as QueryDeepPartialEntity<Execution>);
    await this.stats.add(manager, request.agent.id, createdAt, { created: 1 });
    return execution;
  }
}
