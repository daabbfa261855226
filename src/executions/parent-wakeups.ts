import { type EntityManager, In } from 'typeorm';
import { now } from '../common/time';
import { Execution, FINAL_STATUSES } from './execution.entity';

/**
 * Children of `agent` steps and the parents that wait for them (docs/workflows.md, Agents as
 * steps): a child's end, in the transaction that records it, makes its waiting parent due, so
 * that the wait poller of any worker resumes the parent (at once in this process, told by
 * `executions.due` after the commit; else within its interval). Resolves how many parents it
 * made due.
 */
export async function wakeParents(
  manager: EntityManager,
  childIds: readonly string[],
): Promise<number> {
  if (childIds.length === 0) return 0;
  const children = await manager.find(Execution, {
    select: { id: true, parentExecutionId: true, parentWaits: true },
    where: { id: In([...childIds]) },
  });
  const parents = [
    ...new Set(
      children.flatMap((child) =>
        child.parentWaits && child.parentExecutionId ? [child.parentExecutionId] : [],
      ),
    ),
  ];
  if (parents.length === 0) return 0;
  const result = await manager
    .createQueryBuilder()
    .update(Execution)
    .set({ wakeAt: now() })
    .where('id IN (:...parents) AND status = :waiting', { parents, waiting: 'waiting' })
    .execute();
  return result.affected ?? 0;
}

/** Whether child `id` has ended (read with the child's row locked, as its end writes it). */
export async function childFinished(manager: EntityManager, id: string): Promise<boolean> {
  const query = manager
    .createQueryBuilder(Execution, 'e')
    .select(['e.id', 'e.status'])
    .where('e.id = :id', { id });
  if (manager.connection.options.type !== 'better-sqlite3') query.setLock('pessimistic_write');
  const row = await query.getOne();
  return !row || FINAL_STATUSES.includes(row.status);
}

/** The unfinished children a parent waits for (`wait: true`): cancelled with it. */
export async function waitedChildren(
  manager: EntityManager,
  parentId: string,
): Promise<Execution[]> {
  return manager.find(Execution, {
    where: {
      parentExecutionId: parentId,
      parentWaits: true,
      status: In(['queued', 'running', 'waiting']),
    },
  });
}
