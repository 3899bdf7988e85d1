/**
 * A TCP proxy in front of a Redis, which a test cuts and restores on the same port: an outage without
 * touching the machine's Redis. A cut drops every connection; then new ones are refused (`refuse`: the
 * port is closed, as when Redis is stopped) or accepted and dropped at once (`drop`: as a load balancer
 * whose Redis is gone), which the proxy counts, so a test can wait for clients to have retried.
 */
import net from 'node:net';

export interface RedisProxy {
  /** `redis://127.0.0.1:<port>` of the proxy. */
  url: string;
  cut(mode?: 'refuse' | 'drop'): Promise<void>;
  /** Connections accepted and dropped while cut in `drop` mode. */
  dropped(): number;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisProxy(target = { host: '127.0.0.1', port: 6379 }): Promise<RedisProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: net.Server | null = null;
  let dropping = false;
  let dropped = 0;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer((client) => {
        if (dropping) {
          dropped++;
          client.destroy();
          return;
        }
        const upstream = net.connect(target);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as net.AddressInfo).port);
      });
    });
  const stop = async () => {
    dropping = false;
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut(mode = 'refuse') {
      if (mode === 'refuse') return stop();
      dropping = true;
      for (const socket of sockets) socket.destroy();
    },
    dropped: () => dropped,
    async restore() {
      dropping = false;
      if (!server) await listen(port);
    },
    close: stop,
  };
}
