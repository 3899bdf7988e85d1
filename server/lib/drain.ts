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
 * - only connections that have been idle for `graceMs` (clients that went quiet) are closed.
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
  /** Each open connection: requests in progress on it, and since when it has had none. */
  const connections = new Map<net.Socket, { busy: number; idleSince: number }>();
  let draining = false;
  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // Before the application's handler, so that it runs before any answer is written.
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) connection.busy++;
    if (draining) res.setHeader('connection', 'close');
    else inProgress.add(res);
    // One listener per answer (every request pays for it).
    res.once('close', () => {
      inProgress.delete(res);
      if (!connection) return;
      connection.busy--;
      connection.idleSince = Date.now();
    });
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
      // Only a connection idle for the whole grace is closed: its client has gone quiet, so it is
      // unlikely to be sending on it right then. One in use gets Connection: close on its next answer.
      const sweep = setInterval(() => {
        const now = Date.now();
        for (const [socket, c] of connections) if (c.busy === 0 && now - c.idleSince >= graceMs) socket.destroy();
      }, Math.max(10, Math.min(250, graceMs / 4)));
      sweep.unref();
      // net.Server's close: stops listening, keeps the open connections (http.Server's would close idle ones).
      net.Server.prototype.close.call(server, () => {
        clearInterval(sweep);
        resolve();
      });
    });
  };
}
