/**
 * Whether an error means the database cannot be reached, as opposed to a query it refused: socket
 * errors, node-postgres's own timeouts and lost connections, PostgreSQL shutting down or starting
 * (57P01-57P03), the connection exception class (08xxx) and a server refusing more connections (53300),
 * anywhere in the cause chain drizzle wraps. The request did not happen and can be sent again once
 * PostgreSQL is back: the error handler answers 503 with Retry-After, never 500 (app.ts); main.ts keeps
 * the process up when a library leaves one unhandled.
 */
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_SOCKET.has(code) || /^(57P0[123]|08...|53300)$/.test(code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    // A connection to a name with several addresses fails with one error per address.
    if (Array.isArray(e.errors) && e.errors.some((x) => databaseUnavailable(x))) return true;
  }
  return false;
}
