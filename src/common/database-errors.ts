/** The connection to the database failed, or was lost (MySQL/MariaDB). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  // DATABASE_TIMEOUT_MS ran out: the statement (its connection is then closed) or the wait
  // for a pooled connection (database.ts).
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'DATABASE_ACQUIRE_TIMEOUT',
]);
const CONNECTION_MESSAGE =
  /connection (is )?(closed|lost)|pool is closed|Connection lost|closed state/i;

/** The server gave up on the statement because of another transaction's locks. */
const LOCK_CONFLICT_CODES = new Set([
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

const OTHER_UNAVAILABLE_CODES = new Set(['SQLITE_IOERR']);

/** The error and its causes (TypeORM's `driverError`, `cause`), a few levels deep. */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current =
      (current as { driverError?: unknown; cause?: unknown }).driverError ??
      (current as { cause?: unknown }).cause;
  }
}

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && codes.has(link.code)) return true;
  }
  return false;
}

/** The database connection could not be made or was lost (the statement's fate is unknown). */
export function isConnectionError(error: unknown): boolean {
  if (hasCode(error, CONNECTION_CODES)) return true;
  for (const link of chain(error)) {
    if (typeof link.message === 'string' && CONNECTION_MESSAGE.test(link.message)) return true;
  }
  return false;
}

const TIMEOUT_CODES = new Set(['PROTOCOL_SEQUENCE_TIMEOUT', 'DATABASE_ACQUIRE_TIMEOUT']);

/** DATABASE_TIMEOUT_MS ran out (a stalled database): also a connection error, fate unknown. */
export function isDatabaseTimeout(error: unknown): boolean {
  return hasCode(error, TIMEOUT_CODES);
}

/**
 * A deadlock or a lock wait that timed out: the server rolled the statement back (and, for a
 * deadlock, the whole transaction), so running the transaction again is safe.
 */
export function isLockConflict(error: unknown): boolean {
  return hasCode(error, LOCK_CONFLICT_CODES);
}

/**
 * True for errors that mean "the database cannot answer now" (unreachable, connection lost,
 * a lock conflict that outlived the retries), as opposed to a bug. Answered 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    isConnectionError(error) || isLockConflict(error) || hasCode(error, OTHER_UNAVAILABLE_CODES)
  );
}

/** True for a unique-key violation on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { driverError?: unknown })?.driverError];
  return candidates.some((candidate) => {
    const code = (candidate as { code?: unknown })?.code;
    return (
      code === 'ER_DUP_ENTRY' ||
      code === 'SQLITE_CONSTRAINT_UNIQUE' ||
      code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
    );
  });
}
