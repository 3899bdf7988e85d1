/**
 * The real server process for tests that signal or kill it (SIGTERM drain, kill -9 crash): started
 * with tsx on server/main.ts, a free port and its own data folder; PGlite unless a database URL is given.
 * Guests' carts are filled through the HTTP API (the process owns a PGlite database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { address } from './shop-fixtures.js';

export interface ShopProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export async function startShopProcess(opts: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<ShopProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    RATE_LIMIT: 'false',
    ADMIN_EMAIL: 'process@flora.test',
    ADMIN_PASSWORD: 'process-test-password',
    LOG_LEVEL: 'error',
    ...opts.env,
  };
  if (!opts.databaseUrl) delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // The server's log (JSON lines) goes to DATA_DIR/server-<port>.log, to read when a test fails.
  const log = openSync(path.join(opts.dataDir, `server-${port}.log`), 'a');
  // Node itself runs the server (tsx as a loader, not its CLI, which would put a second process between
  // the test and the server): the signals the test sends reach the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', log, log] });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, port, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** The URL a server process opens for a PostgreSQL test database (helpers.ts createTestDatabase). */
export async function databaseUrlOf(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${result.rows[0]!.name}` }).toString();
}

/** Whether a new TCP connection to the port is refused. */
export const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

/** The products a guest can buy (in stock), from the public catalogue. */
export async function productsInStock(url: string): Promise<{ id: number; stock: number }[]> {
  const page = (await (await fetch(`${url}/api/products?per_page=48`)).json()) as { data: { id: number; stock: number }[] };
  return page.data.filter((p) => p.stock > 0).map((p) => ({ id: p.id, stock: p.stock }));
}

/** A guest's cart made through the API: its cookie and the body of its checkout. */
export async function guestCart(url: string, lines: { productId: number; quantity: number }[], zoneId: number, n: number) {
  let cookie = '';
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('cart_id='));
    if (set) cookie = set.split(';')[0]!;
    return (await res.json()) as Record<string, unknown>;
  };
  for (const line of lines) await call('POST', '/cart/add', { product_id: line.productId, quantity: line.quantity });
  await call('POST', '/cart/delivery-city', { zone_id: zoneId });
  const cart = (await call('GET', '/cart')) as { summary: { total: number } };
  const body = {
    address,
    customer: { name: `Guest ${n}`, email: `guest${n}@example.com`, phone: '0600000000' },
    delivery_zone_id: zoneId,
    payment_method: 'cash_on_delivery',
    accept_terms: true,
    total_amount: cart.summary.total,
  };
  return { cookie, body: JSON.stringify(body) };
}

export const checkoutHeaders = (url: string, cookie: string, key: string, length: number) => ({
  'content-type': 'application/json',
  'content-length': String(length),
  origin: url,
  cookie,
  'idempotency-key': key,
});

/** A raw HTTP request (agent off: one connection each), answered as status and body. */
export function rawRequest(
  options: http.RequestOptions,
  body?: string,
): { req: http.ClientRequest; answer: Promise<{ status: number; body: string }> } {
  let req!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request({ agent: false, ...options }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  if (body !== undefined) req.end(body);
  // Awaited by the caller; this only keeps a lost answer from being reported twice as unhandled.
  answer.catch(() => {});
  return { req, answer };
}
