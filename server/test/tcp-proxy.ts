/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL in the outage tests), that a test cuts and
 * restores:
 * - `refuse()`: open connections are cut and new ones refused, as when the database goes down;
 * - `silence()`: open connections are cut, new ones accepted and never answered, as a database (or a
 *   firewall) that takes connections and then says nothing;
 * - `restore()`: connections go through again, on the same port.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** The target's URL with the proxy's port instead (postgres://user:pw@127.0.0.1:<port>/db). */
  via(url: string): string;
  refuse(): Promise<void>;
  silence(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, mode: 'open' | 'silent' = 'open'): Promise<TcpProxy> {
  let state: 'open' | 'silent' | 'refused' = mode;
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (state !== 'open') return; // silent: held open, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async refuse() {
      state = 'refused';
      const closed = stopListening();
      cutAll();
      await closed;
    },
    async silence() {
      state = 'silent';
      cutAll();
      if (!server.listening) await listen(port);
    },
    async restore() {
      state = 'open';
      if (!server.listening) await listen(port);
    },
    async close() {
      state = 'refused';
      const closed = stopListening();
      cutAll();
      await closed;
    },
  };
}
