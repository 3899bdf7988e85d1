/**
 * drainable: a stopping server refuses new connections at once, finishes the request in
 * progress and tells its client to close (Connection: close), and closes a kept-alive connection left
 * idle only after the grace period, so that a client reusing it just then is not cut off.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from './drain.js';
import { connectionRefused } from '../test/server-process.js';

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('drainable', () => {
  it('refuses new connections, answers the request in progress with Connection: close, ends idle ones once idle for the grace', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server = http.createServer((req, res) => {
      if (req.url === '/slow') void held.then(() => res.end('slow done'));
      else res.end('ok');
    });
    const drain = drainable(server);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    // One agent per connection: the first keeps its connection idle, the second makes the slow request.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, agent: http.Agent) =>
      new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ body, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    // One kept-alive connection left idle, one with a request in progress.
    expect((await get('/fast', idle)).connection).toBe('keep-alive');
    const idleSince = Date.now();
    const slow = get('/slow', busy);
    await new Promise((r) => setTimeout(r, 50));

    let drained = false;
    const draining = drain(300).then(() => (drained = true));
    expect(await connectionRefused(port)).toBe(true);
    release();
    const answer = await slow;
    expect(answer).toEqual({ body: 'slow done', connection: 'close' });
    // The idle connection is still open until the grace ends.
    expect(drained).toBe(false);
    await draining;
    // Closed once idle for the whole grace, not before.
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(290);
    idle.destroy();
    busy.destroy();
  });

  it('ends at once when no connection is open', async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    const drain = drainable(server);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const started = Date.now();
    await drain(5000);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
