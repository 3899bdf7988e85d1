/**
 * The shop's server for `npm run bench:checkout`, in a process of its own (forked by bench/checkout.ts)
 * so the benchmark's 100 HTTP clients do not share its event loop: the figures measure the shop.
 *
 * Same app as production (buildApp, NODE_ENV=production, mail queue on graphile-worker), plus
 * measuring only (nothing here changes what the shop does):
 * - phases of each POST /api/checkout from Fastify's hooks: arrival to handler (routing, body parse,
 *   zod validation, hooks), the handler, and sending the answer;
 * - the pg pool: every wait for a connection, every statement (round trip) and every transaction
 *   (BEGIN to COMMIT), counted and timed; statements are also counted per request (AsyncLocalStorage);
 * - the event loop's delay (monitorEventLoopDelay) and this process's CPU time during the storm.
 * BENCH_CPU_PROF=<file>: a CPU profile of this process during the storm only (node:inspector), written there.
 *
 * Talks to the parent over IPC: sends {ready, port}; answers 'reset' (start of the measured storm)
 * and 'stats' (the figures since the reset); 'stop' closes the app and exits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { memoryMailer } from '../server/lib/mail.js';

interface RequestStats {
  statements: number;
  connects: number;
  poolWaitMs: number;
  /** Time with at least one statement of the request in flight (a pipelined COMMIT overlaps its statement). */
  dbMs: number;
  dbBusyUntil: number;
}

const config = loadConfig(process.env);
const database = await openDatabase({
  url: config.databaseUrl,
  poolSize: config.databasePoolSize,
  checkoutPoolSize: config.databaseCheckoutPoolSize,
  statementTimeoutMs: config.databaseStatementTimeoutMs || undefined,
});
const mail = memoryMailer();
const app = await buildApp(config, database, { mailer: mail, serveWeb: false });

const profileFile = process.env.BENCH_CPU_PROF;
const profiler = new Session();
if (profileFile) profiler.connect();
const perRequest = new AsyncLocalStorage<RequestStats>();
let stats = fresh();
function fresh() {
  return {
    poolWaitMs: [] as number[],
    txMs: [] as number[],
    statementMs: [] as number[],
    requests: [] as (RequestStats & { arrivalToHandlerMs: number; handlerMs: number; sendMs: number; totalMs: number; status: number })[],
    statementsOutsideRequests: 0,
    /** When each checkout transaction's COMMIT came back: in a storm on one product, the gaps are how long each order holds its rows. */
    commitsAt: [] as number[],
    cpu: process.cpuUsage(),
    wallStart: performance.now(),
    loop: monitorEventLoopDelay({ resolution: 5 }),
  };
}
stats.loop.enable();

// The pool, timed. `pool.connect()` without a callback is how drizzle's transactions and pool.query get a client.
const pool = database.checkoutPool!;
const connect = pool.connect.bind(pool) as (...a: unknown[]) => Promise<pg.PoolClient>;
(pool as unknown as { connect: (...a: unknown[]) => unknown }).connect = (...a: unknown[]) => (a.length ? connect(...a) : timedConnect());
async function timedConnect() {
  const asked = performance.now();
  const client = await connect();
  const waited = performance.now() - asked;
  stats.poolWaitMs.push(waited);
  const req = perRequest.getStore();
  if (req) {
    req.connects++;
    req.poolWaitMs += waited;
  }
  const marked = client as pg.PoolClient & { benchTimed?: boolean };
  if (marked.benchTimed) return client;
  marked.benchTimed = true;
  const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  let began = 0;
  (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toLowerCase();
    const sent = performance.now();
    if (text === 'begin') began = sent;
    const r = perRequest.getStore();
    if (r) r.statements++;
    else stats.statementsOutsideRequests++;
    const done = () => {
      const now = performance.now();
      stats.statementMs.push(now - sent);
      if (r) {
        r.dbMs += Math.max(0, now - Math.max(sent, r.dbBusyUntil));
        r.dbBusyUntil = Math.max(r.dbBusyUntil, now);
      }
      const commits = text === 'commit' || text.endsWith('\ncommit');
      if (commits && r) stats.commitsAt.push(now);
      if ((commits || text === 'rollback') && began) {
        stats.txMs.push(now - began);
        began = 0;
      }
    };
    const p = query(...args) as Promise<unknown>;
    p.then(done, done);
    return p;
  };
  return client;
}

// Phases of each checkout, from Fastify's hooks.
const marks = new WeakMap<object, { arrived: number; handler: number; sent: number; store: RequestStats }>();
// When each connection was accepted: the time from there to onRequest is the event loop's queue
// (reading and parsing the request's headers waits behind every other callback).
const acceptedAt = new WeakMap<object, number>();
app.server.on('connection', (socket) => acceptedAt.set(socket, performance.now()));
const queuedMs: number[] = [];
/** Per idempotency key, on the clock both processes share (epoch ms): when its connection was accepted and its answer written. */
const epoch = (t: number) => performance.timeOrigin + t;
const timeline: Record<string, { accepted: number | null; done: number }> = {};
const acceptedOf = new WeakMap<object, number>();
app.addHook('onRequest', async (req) => {
  if (req.url !== '/api/checkout') return;
  const now = performance.now();
  const accepted = acceptedAt.get(req.raw.socket);
  if (accepted !== undefined) {
    queuedMs.push(now - accepted);
    acceptedAt.delete(req.raw.socket);
    acceptedOf.set(req, accepted);
  }
  marks.set(req, { arrived: now, handler: 0, sent: 0, store: { statements: 0, connects: 0, poolWaitMs: 0, dbMs: 0, dbBusyUntil: 0 } });
});
app.addHook('preHandler', async (req) => {
  const m = marks.get(req);
  if (m) m.handler = performance.now();
});
app.addHook('onSend', async (req) => {
  const m = marks.get(req);
  if (m) m.sent = performance.now();
});
app.addHook('onResponse', async (req, reply) => {
  const m = marks.get(req);
  if (!m) return;
  const end = performance.now();
  const accepted = acceptedOf.get(req);
  timeline[String(req.headers['idempotency-key'])] = { accepted: accepted === undefined ? null : epoch(accepted), done: epoch(end) };
  stats.requests.push({
    ...m.store,
    arrivalToHandlerMs: m.handler - m.arrived,
    handlerMs: m.sent - m.handler,
    sendMs: end - m.sent,
    totalMs: reply.elapsedTime,
    status: reply.statusCode,
  });
});
// Statements counted per request: the last preHandler calls `done` inside the request's store, and
// Fastify calls the route handler from that `done`, so every query the handler makes sees the store.
app.addHook('preHandler', (req, _reply, done) => {
  const m = marks.get(req);
  if (m) perRequest.run(m.store, done);
  else done();
});

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
process.send!({ ready: true, port });

let sentBeforeStorm = 0;
let held = false;
process.on('message', async (msg: string) => {
  if (msg === 'reset') {
    // The storm starts in a quiet shop: the warm-up's mails are sent first (a queue paused at an
    // earlier reset runs again for that).
    if (held) await app.mailQueue.start();
    await app.mailQueue.settled(60_000);
    // BENCH_HOLD_MAILS=1: the mail queue pauses during the storm (to measure what sending costs the checkouts).
    held = Boolean(process.env.BENCH_HOLD_MAILS);
    if (held) await app.mailQueue.stop();
    if (profileFile) {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    stats.loop.disable();
    stats = fresh();
    sentBeforeStorm = mail.sent.length;
    stats.loop.enable();
    process.send!({ reset: true });
  } else if (msg === 'stats') {
    const cpu = process.cpuUsage(stats.cpu);
    const wallMs = performance.now() - stats.wallStart;
    stats.loop.disable();
    if (profileFile) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
    }
    process.send!({
      stats: {
        poolWaitMs: stats.poolWaitMs,
        txMs: stats.txMs,
        statementMs: stats.statementMs,
        requests: stats.requests,
        statementsOutsideRequests: stats.statementsOutsideRequests,
        commitsAt: stats.commitsAt,
        queuedMs: queuedMs.splice(0),
        timeline,
        cpuMs: (cpu.user + cpu.system) / 1000,
        systemCpuMs: cpu.system / 1000,
        wallMs,
        loopDelay: { p50: stats.loop.percentile(50) / 1e6, p99: stats.loop.percentile(99) / 1e6, max: stats.loop.max / 1e6 },
        mailsSent: mail.sent.length - sentBeforeStorm,
        poolSize: config.databaseCheckoutPoolSize,
        mailDriver: app.mailQueue.driver,
      },
    });
  } else if (msg === 'settle') {
    if (held) await app.mailQueue.start();
    held = false;
    await app.mailQueue.settled(60_000);
    process.send!({ settled: true, mailsSent: mail.sent.length });
  } else if (msg === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
