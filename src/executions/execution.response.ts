import { iso } from '../common/time';
import type { Execution } from './execution.entity';

/** The wire shape of an execution (CONTRACT §4); `logs` only in the detail. */
export function toExecutionResponse(execution: Execution, options: { withLogs?: boolean } = {}) {
  const body: Record<string, unknown> = {
    id: execution.id,
    agent_id: execution.agentId,
    status: execution.status,
    source: execution.source,
    retry_of: execution.retryOf,
    input: execution.input,
    output: execution.output,
    error: execution.error,
    created_at: iso(execution.createdAt),
    started_at: iso(execution.startedAt),
    completed_at: iso(execution.completedAt),
    duration_ms: execution.durationMs,
  };
  if (options.withLogs) body.logs = execution.logs ?? [];
  return body;
}

export type ExecutionResponse = ReturnType<typeof toExecutionResponse>;
