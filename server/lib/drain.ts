/**
 * The first half of a graceful stop: take no new connection, let the requests in progress finish, and
 * end every kept-alive connection without cutting a request its client may be sending on it.
 *
 * Node's own `server.close()` closes the idle kept-alive connections at once; a client that picked
 * one of them for its next request in that instant gets a reset connection instead of an answer (under
 * steady traffic this happens at nearly every restart). Here instead:
 * - the listening socket is closed (in a cluster, the primary gives new connections to the other
 *   processes), but open connections stay;
 * - every answer from now on says `Connection: close`, so a busy client ends its connection itself
 *   after the answer and opens a new one, to a process that is still accepting;
 * - only connections still open and idle after `graceMs` (clients that went quiet) are closed.
 */
import type http from 'node:http';
import net from 'node:net';

/**
 * Call before the server listens (it follows every request from then on); returns the drain to call at
 * stop, which resolves once every connection has ended.
 */
export function drainable(server: http.Server): (graceMs: number) => Promise<void> {
  /** Answers being made: at the drain, those whose headers are not written yet say Connection: close too. */
  const inProgress = new Set<http.ServerResponse>();
  let draining = false;
  // Before the application's handler, so that it runs before any answer is written.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) {
      res.setHeader('connection', 'close');
      return;
    }
    inProgress.add(res);
    res.once('close', () => inProgress.delete(res));
  });
  return (graceMs) => {
    draining = true;
    for (const res of inProgress) if (!res.headersSent) res.setHeader('connection', 'close');
    inProgress.clear();
    return new Promise((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      let sweep: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        server.closeIdleConnections();
        // A connection whose answer had started before the drain (its headers said keep-alive) turns
        // idle after it: closed at the next sweep.
        sweep = setInterval(() => server.closeIdleConnections(), 250);
        sweep.unref();
      }, graceMs);
      grace.unref();
      // net.Server's close: stops listening, keeps the open connections (http.Server's would close idle ones).
      net.Server.prototype.close.call(server, () => {
        clearTimeout(grace);
        clearInterval(sweep);
        resolve();
      });
    });
  };
}
