/**
 * PostgreSQL going away, on a real server process (needs TEST_DATABASE_URL; skipped on PGlite). The
 * server reaches PostgreSQL through a TCP proxy the test cuts and restores (test/tcp-proxy.ts), and
 * sends its mails to a local SMTP server that takes a second to accept each, so mails are in flight.
 * - A cut of 8 s while mails are sent and orders arrive: the process stays up, every request that needs
 *   the database (server-drawn pages included) answers 503 with a numeric Retry-After and the busy
 *   message, none 500, none slower
 *   than 10 s; within 20 s of the database's return it serves the catalogue and takes an order, with no
 *   restart by hand, and every mail is sent once (the ones in flight at the cut are marked sent after it).
 * - Then the database goes silent for 8 s (takes connections, never answers): every request is answered
 *   503 within 10 s by the connect and query timeouts, and the shop serves again once it answers.
 * - A database that accepts connections and never answers, or refuses them, ends the start within 30 s
 *   with one sentence naming DATABASE_URL and where it points, without the password or a stack trace.
 * About two minutes of real processes: run on its own (`npm run test:outage`, OUTAGE_DRILL=1 with
 * TEST_DATABASE_URL; .ci/run does), not inside the parallel API pass.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { cartItems, carts, products } from './db/schema.js';
import { address, insertShopFixtures } from './test/shop-fixtures.js';
import { createTestDatabase, onPostgres } from './test/helpers.js';
import { freePort, startShopProcess, type ShopProcess } from './test/server-process.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';

const CUT_MS = 8_000;
/** Product 2 alone (99.90) + 40 delivery to Rabat (server/test/shop-fixtures.ts). */
const TOTAL = 139.9;
const BUSY = 'The shop is very busy right now: nothing was saved, please try again in a moment.';
/** The heading of a server-drawn page meanwhile. */
const BUSY_PAGE = 'The shop is very busy';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-outage-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  if (process.env.KEEP_OUTAGE_LOGS === '1') console.log(`server logs in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for `check` to hold, polling; fails with `what` at the deadline. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The local SMTP server: takes `delayMs` to accept each mail; counts them by Message-ID. */
async function slowSmtp(delayMs: number) {
  const received = new Map<string, number>();
  let started = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      started++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '?';
        setTimeout(() => {
          received.set(id, (received.get(id) ?? 0) + 1);
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, received, started: () => started };
}

/** A start of the real server that is expected to fail: its exit, output and duration. */
function failingStart(databaseUrl: string) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    // The deadline the test checks, plus room: a start still running at 60 s is killed and reported.
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output: output.trim(), ms: Date.now() - started });
    });
  });
}

/** A stand-in for the built web app (dist/web): the shell the server draws its pages in. */
function standInWeb(): string {
  const dist = path.join(dataDir, 'web');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="fr" dir="ltr">\n<head><meta charset="UTF-8" /><meta name="description" content="Fleuriste" /><title>Flora Maroc</title></head>\n<body><div id="root"></div></body></html>',
  );
  return dist;
}

const pgTarget = () => {
  const u = new URL(process.env.TEST_DATABASE_URL!);
  return { host: u.hostname, port: Number(u.port || 5432) };
};

describe.runIf(onPostgres && process.env.OUTAGE_DRILL === '1')('PostgreSQL outages (real server process behind a TCP proxy)', () => {
  it('a cut of 8 s with mails in flight and orders arriving: 503 meanwhile, serving again within 20 s, every mail sent', async () => {
    const database: Database = await createTestDatabase();
    cleanups.push(() => database.close());
    const db = database.db;
    await insertShopFixtures(db);
    await db
      .update(products)
      .set({ stock: 1000 })
      .where(sql`${products.id} = 2`);
    const cartIds = Array.from({ length: 120 }, () => crypto.randomUUID());
    await db.insert(carts).values(cartIds.map((id) => ({ id, deliveryZoneId: 1 })));
    await db.insert(cartItems).values(cartIds.map((cartId) => ({ cartId, productId: 2, colorId: null, quantity: 1 })));
    const [{ name }] = ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows as [
      { name: string },
    ];
    const directUrl = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();

    const proxy: TcpProxy = await startTcpProxy(pgTarget());
    cleanups.push(() => proxy.close());
    const smtp = await slowSmtp(1_000);
    const server: ShopProcess = await startShopProcess({
      dataDir,
      databaseUrl: proxy.via(directUrl),
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', WEB_DIST_DIR: standInWeb() },
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    });
    let exitedEarly: number | string | null = null;
    void server.exited.then((code) => (exitedEarly = code));

    let nextCart = 0;
    const checkout = (cartId: string) =>
      fetch(`${server.url}/api/checkout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          origin: server.url,
          cookie: `cart_id=${cartId}`,
          'idempotency-key': cartId,
        },
        body: JSON.stringify({
          address,
          customer: { name: 'Outage guest', email: `outage-${cartId.slice(0, 8)}@example.com`, phone: '0600000000' },
          delivery_zone_id: 1,
          payment_method: 'cash_on_delivery',
          accept_terms: true,
          total_amount: TOTAL,
        }),
        signal: AbortSignal.timeout(30_000),
      });

    // Orders before the cut; the cut comes while their mails are being sent.
    for (let i = 0; i < 6; i++) expect((await checkout(cartIds[nextCart++]!)).status).toBe(201);
    await waitFor('a mail in flight at the SMTP server', async () => smtp.started() > 0, 60_000);
    await proxy.refuse();
    const cutAt = Date.now();

    // During the cut: catalogue reads (each a new filter, so no cached answer), checkouts, health.
    type Answer = { kind: string; status: number; retryAfter: string | null; message?: string; ms: number };
    const answers: Answer[] = [];
    const waiting: string[] = [];
    const ask = async (kind: string, send: () => Promise<Response>, onBusy?: () => void) => {
      const t0 = Date.now();
      let res: Response;
      try {
        res = await send();
      } catch (err) {
        answers.push({ kind, status: 0, retryAfter: null, message: (err as Error).message, ms: Date.now() - t0 });
        return;
      }
      // A server-drawn page: its heading is the message.
      const body = (
        kind === 'page' ? { message: /<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1] } : await res.json().catch(() => ({}))
      ) as { message?: string; down?: string[] };
      answers.push({
        kind,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        message: body.message ?? body.down?.join(','),
        ms: Date.now() - t0,
      });
      if (res.status === 503) onBusy?.();
    };
    const inFlight: Promise<void>[] = [];
    for (let round = 0; Date.now() - cutAt < CUT_MS; round++) {
      const cartId = cartIds[nextCart++]!;
      inFlight.push(
        ask('catalogue', () =>
          fetch(`${server.url}/api/products?per_page=${(round % 40) + 2}`, {
            headers: { 'accept-language': 'en' },
            signal: AbortSignal.timeout(30_000),
          }),
        ),
        ask(
          'checkout',
          () => checkout(cartId),
          () => waiting.push(cartId),
        ),
        ask('health', () => fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(30_000) })),
        // A page the server draws, each time another (a kept page would be answered from memory).
        ask('page', () =>
          fetch(`${server.url}/en/shop?search=rose${round}`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(30_000) }),
        ),
      );
      await sleep(400);
    }
    expect(exitedEarly, 'the server process is still running at the end of the cut').toBeNull();
    await proxy.restore();
    const restoredAt = Date.now();
    await Promise.all(inFlight);

    // Back within 20 s of the database's return: the catalogue is served and an order is taken.
    const catalogueBackMs = await waitFor(
      'catalogue served after the return',
      async () => (await fetch(`${server.url}/api/products?per_page=47`, { signal: AbortSignal.timeout(10_000) })).status === 200,
      20_000,
    );
    const orderCart = waiting.shift() ?? cartIds[nextCart]!;
    // 200: the same key's order, committed just before the cut though its answer was lost.
    const orderBackMs = await waitFor(
      'an order taken after the return',
      async () => [200, 201].includes((await checkout(orderCart)).status),
      20_000 - (Date.now() - restoredAt),
    );
    const backMs = Date.now() - restoredAt;
    expect(backMs).toBeLessThan(20_000);

    const outage = answers.filter((a) => a.status !== 200);
    expect(
      answers.filter((a) => a.status === 500 || a.status === 0),
      'no 500, no request left without an answer',
    ).toEqual([]);
    expect(
      answers.filter((a) => a.ms > 10_000),
      'no answer slower than 10 s',
    ).toEqual([]);
    expect(
      answers.filter((a) => a.kind === 'checkout' && a.status === 503).length,
      'checkouts during the cut were told busy',
    ).toBeGreaterThan(0);
    expect(
      answers.filter((a) => a.kind === 'catalogue' && a.status === 503).length,
      'catalogue reads during the cut were told busy',
    ).toBeGreaterThan(0);
    expect(answers.filter((a) => a.kind === 'page' && a.status === 503).length, 'pages during the cut said busy').toBeGreaterThan(0);
    for (const a of outage.filter((x) => x.kind !== 'health')) {
      expect(a.status, JSON.stringify(a)).toBe(503);
      expect(a.retryAfter, JSON.stringify(a)).toMatch(/^\d+$/);
      expect(a.message).toBe(a.kind === 'page' ? BUSY_PAGE : BUSY);
    }
    const healthDown = answers.filter((a) => a.kind === 'health' && a.status === 503);
    expect(healthDown.length, 'health said the database was down').toBeGreaterThan(0);
    for (const a of healthDown) expect(a.message).toContain('database');

    // The guests told "busy" send their order again (same key) and get it.
    for (const cartId of waiting) expect([200, 201]).toContain((await checkout(cartId)).status);

    // Every outbox row is sent: the ones in flight at the cut at most twice, the others once.
    const mailsMs = await waitFor(
      'every queued mail sent',
      async () => {
        const r = (await db.execute(sql`select count(*)::int as n from mail_outbox where sent_at is null`)) as unknown as {
          rows: { n: number }[];
        };
        return r.rows[0]!.n === 0;
      },
      120_000,
    );
    const rows = ((await db.execute(sql`select id from mail_outbox order by id`)) as unknown as { rows: { id: number }[] }).rows;
    const [{ orders }] = ((await db.execute(sql`select count(*)::int as orders from orders`)) as unknown as { rows: { orders: number }[] })
      .rows as [{ orders: number }];
    const missing = rows.filter((r) => !smtp.received.has(`<outbox-${r.id}@flora-maroc>`));
    const twice = rows.filter((r) => (smtp.received.get(`<outbox-${r.id}@flora-maroc>`) ?? 0) > 1);
    expect(missing, 'every mail reached the SMTP server').toEqual([]);
    // The mails in flight at the cut were marked sent after the return, not sent again.
    expect(twice, 'no mail sent twice').toEqual([]);
    await waitFor(
      'health well again (database and mail sender)',
      async () => (await fetch(`${server.url}/api/health`)).status === 200,
      60_000,
    );
    expect(exitedEarly).toBeNull();

    // The database goes silent (connections taken, never answered): the timeouts answer 503, not a hang.
    await proxy.silence();
    const silentAt = Date.now();
    const silentFrom = answers.length;
    const silentAsks: Promise<void>[] = [];
    for (let round = 0; Date.now() - silentAt < CUT_MS; round++) {
      const cartId = cartIds[nextCart++]!;
      silentAsks.push(
        ask('catalogue', () =>
          fetch(`${server.url}/api/products?per_page=${(round % 40) + 2}&sort=newest`, {
            headers: { 'accept-language': 'en' },
            signal: AbortSignal.timeout(30_000),
          }),
        ),
        ask('checkout', () => checkout(cartId)),
      );
      await sleep(1_000);
    }
    await Promise.all(silentAsks);
    const silentAnswers = answers.slice(silentFrom);
    await proxy.restore();
    expect(
      silentAnswers.filter((a) => a.status !== 503),
      'every request answered busy while the database was silent',
    ).toEqual([]);
    for (const a of silentAnswers) expect(a.retryAfter).toMatch(/^\d+$/);
    const slowestSilent = Math.max(...silentAnswers.map((a) => a.ms));
    expect(slowestSilent, 'no answer slower than 10 s while the database was silent').toBeLessThan(10_000);
    await waitFor(
      'catalogue served after the silence',
      async () => (await fetch(`${server.url}/api/products?per_page=46`, { signal: AbortSignal.timeout(10_000) })).status === 200,
      20_000,
    );
    expect(exitedEarly).toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const count = (kind: string, status: number) =>
      answers.slice(0, silentFrom).filter((a) => a.kind === kind && a.status === status).length;
    console.log(
      [
        `PostgreSQL cut for ${CUT_MS / 1000} s: catalogue ${count('catalogue', 503)}×503 / ${count('catalogue', 200)}×200, checkouts ${count('checkout', 503)}×503, health ${count('health', 503)}×503; slowest answer ${Math.max(...answers.slice(0, silentFrom).map((a) => a.ms))} ms`,
        `after the return: catalogue in ${catalogueBackMs} ms, an order in ${backMs} ms (its own wait ${orderBackMs} ms); every mail sent ${mailsMs} ms later`,
        `${orders} orders, ${rows.length} mails, ${twice.length} sent twice`,
        `PostgreSQL silent for ${CUT_MS / 1000} s: ${silentAnswers.length} answers, all 503, slowest ${slowestSilent} ms`,
      ].join('\n'),
    );
  }, 400_000);

  it('a silent database (accepts, never answers) ends the start within 30 s with one sentence', async () => {
    const silent = await startTcpProxy(pgTarget(), 'silent');
    cleanups.push(() => silent.close());
    const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { password: 'not-for-logs' });
    const { code, output, ms } = await failingStart(silent.via(url.toString()));
    expect(ms).toBeLessThan(30_000);
    expect(code).not.toBe(0);
    expect(output.split('\n'), output).toHaveLength(1);
    expect(output).toContain('DATABASE_URL');
    expect(output).toContain(`127.0.0.1:${silent.port}`);
    expect(output).toMatch(/did not answer in time/);
    expect(output).not.toContain('not-for-logs');
  }, 90_000);

  it('a refused database ends the start within 30 s with one sentence', async () => {
    const port = await freePort();
    const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), {
      password: 'not-for-logs',
      hostname: '127.0.0.1',
      port: String(port),
    });
    const { code, output, ms } = await failingStart(url.toString());
    expect(ms).toBeLessThan(30_000);
    expect(code).not.toBe(0);
    expect(output.split('\n'), output).toHaveLength(1);
    expect(output).toContain('DATABASE_URL');
    expect(output).toContain(`127.0.0.1:${port}`);
    expect(output).toMatch(/refused/);
    expect(output).not.toContain('not-for-logs');
  }, 90_000);
});
