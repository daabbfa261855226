import { ApiError } from '../common/api-error';
import { EXECUTION_STATUSES, ExecutionStatus } from './execution.entity';
import { LIMIT_DEFAULT, LIMIT_MAX, ListExecutionsQuery } from './dto/list-executions.query';

/** What a page of `GET /v2/agents/:id/executions` shows. */
export interface ListFilters {
  /** null: every status. */
  statuses: ExecutionStatus[] | null;
  /** Inclusive bounds on `created_at`. */
  from: Date | null;
  to: Date | null;
}

/** The last item of the previous page: the next page starts strictly after it. */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

export interface ListRequest {
  filters: ListFilters;
  limit: number;
  after: ListPosition | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const DAY_MS = 86_400_000;
const ID = /^[a-z]{3}_[0-9a-z]{1,36}$/;

/** `status`: one status or a comma list of them (`failed,cancelled`). */
export function parseStatuses(raw: string): ExecutionStatus[] {
  const parts = raw.split(',').map((part) => part.trim());
  for (const part of parts) {
    if (!(EXECUTION_STATUSES as readonly string[]).includes(part)) {
      throw ApiError.invalid(
        'status',
        `status must be one or a comma list of: ${EXECUTION_STATUSES.join(', ')}`,
      );
    }
  }
  return [...new Set(parts as ExecutionStatus[])];
}

function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * `from` / `to`: a date (`YYYY-MM-DD`: the whole UTC day, so `from` is its first and `to`
 * its last millisecond) or an ISO 8601 timestamp (UTC when it carries no offset; a `+`
 * turned into a space by form decoding is accepted).
 */
export function parseBound(raw: string, field: 'from' | 'to'): Date {
  const value = raw.trim();
  const invalid = () =>
    ApiError.invalid(field, `${field} must be a date (YYYY-MM-DD) or an ISO 8601 timestamp`);
  if (DATE.test(value)) {
    if (!isRealDay(value)) throw invalid();
    const start = new Date(`${value}T00:00:00.000Z`);
    return field === 'from' ? start : new Date(start.getTime() + DAY_MS - 1);
  }
  const repaired = value.replace(/ (\d{2}:?\d{2})$/, '+$1');
  const match = TIMESTAMP.exec(repaired);
  if (!match || !isRealDay(match[1])) throw invalid();
  const date = new Date(match[4] ? repaired : `${repaired}Z`);
  if (Number.isNaN(date.getTime())) throw invalid();
  return date;
}

interface CursorBody {
  v: 1;
  c: string;
  i: string;
  s: ExecutionStatus[] | null;
  f: string | null;
  t: string | null;
  l: number;
}

/**
 * An opaque cursor: base64url of the last item's position (`created_at`, `id`) and the
 * page's filters and limit, so that the cursor alone fetches the next page of the same list.
 */
export function encodeCursor(position: ListPosition, filters: ListFilters, limit: number): string {
  const body: CursorBody = {
    v: 1,
    c: position.createdAt.toISOString(),
    i: position.id,
    s: filters.statuses,
    f: filters.from?.toISOString() ?? null,
    t: filters.to?.toISOString() ?? null,
    l: limit,
  };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

export function decodeCursor(raw: string): {
  position: ListPosition;
  filters: ListFilters;
  limit: number;
} {
  const invalid = () => ApiError.invalid('cursor', 'cursor is not a valid meta.next_cursor value');
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(raw)) throw invalid();
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalid();
  }
  const date = (value: unknown): Date | null => {
    if (value === null) return null;
    const parsed = typeof value === 'string' ? new Date(value) : new Date(NaN);
    if (Number.isNaN(parsed.getTime())) throw invalid();
    return parsed;
  };
  if (
    body === null ||
    typeof body !== 'object' ||
    body.v !== 1 ||
    typeof body.i !== 'string' ||
    !ID.test(body.i) ||
    typeof body.c !== 'string' ||
    !Number.isInteger(body.l) ||
    body.l < 1 ||
    body.l > LIMIT_MAX ||
    (body.s !== null &&
      (!Array.isArray(body.s) ||
        body.s.length === 0 ||
        !body.s.every((status) => (EXECUTION_STATUSES as readonly string[]).includes(status))))
  ) {
    throw invalid();
  }
  return {
    position: { createdAt: date(body.c)!, id: body.i },
    filters: { statuses: body.s, from: date(body.f), to: date(body.t) },
    limit: body.l,
  };
}

/**
 * The page a query asks for. With a cursor, its filters and limit hold unless the query
 * sets them again explicitly.
 */
export function resolveListRequest(query: ListExecutionsQuery): ListRequest {
  const cursor = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
  const filters: ListFilters = {
    statuses:
      query.status !== undefined ? parseStatuses(query.status) : (cursor?.filters.statuses ?? null),
    from:
      query.from !== undefined ? parseBound(query.from, 'from') : (cursor?.filters.from ?? null),
    to: query.to !== undefined ? parseBound(query.to, 'to') : (cursor?.filters.to ?? null),
  };
  if (filters.from && filters.to && filters.from > filters.to) {
    throw ApiError.invalid('from', 'from must not be after to');
  }
  return {
    filters,
    limit: query.limit ?? cursor?.limit ?? LIMIT_DEFAULT,
    after: cursor?.position ?? null,
  };
}
