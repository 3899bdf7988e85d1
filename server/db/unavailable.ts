/**
 * Whether an error means the database cannot be reached, as opposed to a query it refused: socket
 * errors, node-postgres's own timeouts and lost connections, PostgreSQL shutting down or starting
 * (57P01-57P03), the connection exception class (08xxx) and a server refusing more connections (53300),
 * anywhere in the cause chain drizzle wraps. The request did not happen and can be sent again once
 * PostgreSQL is back: the error handler answers 503 with Retry-After, never 500 (app.ts); main.ts keeps
 * the process up when a library leaves one unhandled.
 */
const UNREACHABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;
export function databaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_SOCKET.has(code) || /^(57P0[123]|08...|53300)$/.test(code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    // A connection to a name with several addresses fails with one error per address.
    if (Array.isArray(e.errors) && e.errors.some((x) => databaseUnavailable(x))) return true;
  }
  return false;
}

/** Retry-After (seconds) while the database cannot be reached: about how long a short outage lasts. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * PostgreSQL giving up under load (statement timeout, deadlock, serialization, lock not available): the
 * transaction was rolled back, nothing was written, the same request can be sent again.
 */
const BUSY_DATABASE = new Set(['57014', '40P01', '40001', '55P03']);
/** Retry-After (seconds) when PostgreSQL gave up under load. */
export const BUSY_RETRY_AFTER_S = 2;

/** Whether an error (or a cause drizzle wrapped) carries one of these PostgreSQL codes. */
export function databaseErrorCode(error: unknown, codes: Set<string>): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && codes.has(e.code)) return true;
  }
  return false;
}

export const databaseBusy = (error: unknown) => databaseErrorCode(error, BUSY_DATABASE);
