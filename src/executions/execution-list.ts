import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { EXECUTION_STATUSES, ExecutionStatus } from './execution.entity';
import {
  CURSOR_MAC_BYTES,
  CURSOR_PATTERN,
  EXECUTION_ID_PATTERN,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  ListExecutionsQuery,
} from './dto/list-executions.query';
import { MAX_TAGS, TAG_PATTERN } from './tags';

/** What a page of `GET /v2/agents/:id/executions` shows. */
export interface ListFilters {
  /** null: every status. */
  statuses: ExecutionStatus[] | null;
  /** Inclusive bounds on `created_at`. */
  from: Date | null;
  to: Date | null;
  /** Every one must be on the execution; null: no tag filter. Sorted, each once. */
  tags: string[] | null;
  /** Only the children of this execution (`parent_execution_id`); null: no such filter. */
  parent: string | null;
}

/** Tags in one canonical form: each once, sorted; none is no filter (null). */
export function canonicalTags(tags: readonly string[] | null | undefined): string[] | null {
  if (!tags || tags.length === 0) return null;
  return [...new Set(tags)].sort();
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
  v: 2;
  c: string;
  i: string;
  s: ExecutionStatus[] | null;
  f: string | null;
  t: string | null;
  /** Tags (absent: none). */
  g?: string[];
  /** The parent execution (absent: none). */
  p?: string;
  l: number;
}

const MAC_BYTES = CURSOR_MAC_BYTES;
const CURSOR = CURSOR_PATTERN;

/**
 * Statuses in one canonical form: each once, in EXECUTION_STATUSES order; every status is no
 * filter at all (null). A page thus runs at most EXECUTION_STATUSES.length - 1 queries.
 */
export function canonicalStatuses(
  statuses: readonly ExecutionStatus[] | null,
): ExecutionStatus[] | null {
  if (statuses === null) return null;
  const set = new Set(statuses);
  const list = EXECUTION_STATUSES.filter((status) => set.has(status));
  return list.length === EXECUTION_STATUSES.length ? null : list;
}

function sameFilters(a: ListFilters, b: ListFilters): boolean {
  const time = (date: Date | null) => date?.getTime() ?? null;
  return (
    JSON.stringify(canonicalStatuses(a.statuses)) ===
      JSON.stringify(canonicalStatuses(b.statuses)) &&
    time(a.from) === time(b.from) &&
    time(a.to) === time(b.to) &&
    JSON.stringify(canonicalTags(a.tags)) === JSON.stringify(canonicalTags(b.tags)) &&
    a.parent === b.parent
  );
}

/**
 * Opaque, tamper-evident cursors: base64url of the last item's position (`created_at`, `id`)
 * and the page's filters and limit, then `.` and an HMAC-SHA256 (128 bits) over the agent's
 * id and that payload, keyed from SECRET_KEY by HKDF. A cursor fetches the next page of the
 * same list of the same agent and nothing else: edited, truncated, made up, or issued for
 * another agent (or under another SECRET_KEY), it is 400 `invalid_request` with
 * `field: "cursor"`, before any query runs. Its content is still validated after the MAC.
 */
export class ListCursors {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', secretKey, 'agent-automation', 'list-cursors/v1', 32),
    );
  }

  private mac(agentId: string, payload: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${agentId}\n${payload}`)
      .digest()
      .subarray(0, MAC_BYTES);
  }

  encode(agentId: string, position: ListPosition, filters: ListFilters, limit: number): string {
    const body: CursorBody = {
      v: 2,
      c: position.createdAt.toISOString(),
      i: position.id,
      s: canonicalStatuses(filters.statuses),
      f: filters.from?.toISOString() ?? null,
      t: filters.to?.toISOString() ?? null,
      ...(filters.tags ? { g: canonicalTags(filters.tags)! } : {}),
      ...(filters.parent ? { p: filters.parent } : {}),
      l: limit,
    };
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${payload}.${this.mac(agentId, payload).toString('base64url')}`;
  }

  decode(
    agentId: string,
    raw: string,
  ): {
    position: ListPosition;
    filters: ListFilters;
    limit: number;
  } {
    const match = CURSOR.exec(raw);
    if (!match) throw invalidCursor();
    const [, payload, mac] = match;
    const presented = Buffer.from(mac, 'base64url');
    // 22 base64url characters carry 132 bits: the last one's 4 spare bits must be zero too, so
    // that exactly one spelling of the MAC is accepted (else a flipped spare bit still passed).
    const canonical = presented.toString('base64url') === mac;
    if (
      !canonical ||
      presented.length !== MAC_BYTES ||
      !timingSafeEqual(presented, this.mac(agentId, payload))
    ) {
      throw invalidCursor();
    }
    return parseCursorBody(payload);
  }
}

const invalidCursor = () =>
  ApiError.invalid(
    'cursor',
    'cursor is not a meta.next_cursor value of this list: pass it back unchanged, with the same filters',
  );

function parseCursorBody(payload: string): {
  position: ListPosition;
  filters: ListFilters;
  limit: number;
} {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalidCursor();
  }
  const date = (value: unknown): Date | null => {
    if (value === null) return null;
    const parsed = typeof value === 'string' ? new Date(value) : new Date(NaN);
    if (Number.isNaN(parsed.getTime())) throw invalidCursor();
    return parsed;
  };
  if (
    body === null ||
    typeof body !== 'object' ||
    body.v !== 2 ||
    typeof body.i !== 'string' ||
    !ID.test(body.i) ||
    typeof body.c !== 'string' ||
    !Number.isInteger(body.l) ||
    body.l < 1 ||
    body.l > LIMIT_MAX ||
    (body.s !== null &&
      (!Array.isArray(body.s) ||
        body.s.length === 0 ||
        body.s.length > EXECUTION_STATUSES.length ||
        !body.s.every((status) => (EXECUTION_STATUSES as readonly string[]).includes(status)))) ||
    (body.g !== undefined &&
      (!Array.isArray(body.g) ||
        body.g.length === 0 ||
        body.g.length > MAX_TAGS ||
        !body.g.every((tag) => typeof tag === 'string' && TAG_PATTERN.test(tag)))) ||
    (body.p !== undefined && (typeof body.p !== 'string' || !EXECUTION_ID_PATTERN.test(body.p)))
  ) {
    throw invalidCursor();
  }
  return {
    position: { createdAt: date(body.c)!, id: body.i },
    filters: {
      statuses: canonicalStatuses(body.s),
      from: date(body.f),
      to: date(body.t),
      tags: canonicalTags(body.g),
      parent: body.p ?? null,
    },
    limit: body.l,
  };
}

/**
 * The page a query asks for. With a cursor, its filters and limit hold; the query may repeat
 * the same filters (400 `field: "cursor"` if they differ) and may set another limit.
 */
export function resolveListRequest(
  query: ListExecutionsQuery,
  agentId: string,
  cursors: ListCursors,
): ListRequest {
  const cursor = query.cursor !== undefined ? cursors.decode(agentId, query.cursor) : null;
  const filters: ListFilters = {
    statuses: canonicalStatuses(
      query.status !== undefined ? parseStatuses(query.status) : (cursor?.filters.statuses ?? null),
    ),
    from:
      query.from !== undefined ? parseBound(query.from, 'from') : (cursor?.filters.from ?? null),
    to: query.to !== undefined ? parseBound(query.to, 'to') : (cursor?.filters.to ?? null),
    tags: query.tag !== undefined ? canonicalTags(query.tag) : (cursor?.filters.tags ?? null),
    parent: query.parent_execution_id ?? cursor?.filters.parent ?? null,
  };
  if (filters.from && filters.to && filters.from > filters.to) {
    throw ApiError.invalid('from', 'from must not be after to');
  }
  if (cursor && !sameFilters(filters, cursor.filters)) {
    throw ApiError.invalid(
      'cursor',
      'cursor was issued for other filters: repeat the same status, from, to, tag and parent_execution_id, or leave them out',
    );
  }
  return {
    filters,
    limit: query.limit ?? cursor?.limit ?? LIMIT_DEFAULT,
    after: cursor?.position ?? null,
  };
}
