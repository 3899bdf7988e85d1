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
 * Resolves once every connection has ended.
 */
import type http from 'node:http';
import net from 'node:net';

export function drainConnections(server: http.Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Before the application's handler, so that it is set before any answer is written.
    server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    });
    if (!server.listening) {
      resolve();
      return;
    }
    // net.Server's close: stops listening, keeps the open connections (http.Server's would close idle ones).
    net.Server.prototype.close.call(server, () => {
      clearTimeout(grace);
      clearInterval(sweep);
      resolve();
    });
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      server.closeIdleConnections();
      // A connection whose request was in progress at the grace's end closes after its answer; one that
      // turned idle without one (a client ignoring Connection: close) is closed at the next sweep.
      sweep = setInterval(() => server.closeIdleConnections(), 250);
      sweep.unref();
    }, graceMs);
    grace.unref();
  });
}
