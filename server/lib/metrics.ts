/**
 * GET /metrics: the process's figures in Prometheus's text format (prom-client), for a scraper.
 *
 * - Requests by route PATTERN (`/api/products/:slug`, never the address asked: one series per route,
 *   not one per product or token) and status, with their latency.
 * - PostgreSQL pools: connections in use and requests waiting for one, per pool (none on PGlite).
 * - The mail queue: mails waiting, failing, given up, and the age of the oldest waiting one, read by one
 *   small query at scrape time (graphile-worker's jobs on PostgreSQL, the outbox rows on PGlite).
 * - Orders placed, Redis up or down, and Node's own figures (event loop, memory, GC).
 *
 * Who may read it: only a request with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN
 * there is no such page at all (404, like any unknown address), so a shop never exposes it by accident.
 *
 * Each server process counts its own requests (one registry per app); in a cluster (WEB_CONCURRENCY)
 * the page adds up every process's figures, whichever process answers (cluster-metrics.ts). Each gauge
 * says how: connections in use are summed, Redis is up only if it is for every process, the mail queue
 * (the same database read by each) takes the highest.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { commonMessages, requestLocale, translate } from './i18n.js';
import { sqlRows } from '../db/sql-rows.js';
import { catalogueCacheLookups } from './cache-lookups.js';
import { clusterScraper } from './cluster-metrics.js';

export const METRICS_PATH = '/metrics';

/** What other modules count (see `countOrderPlaced`). */
interface ShopCounters {
  ordersPlaced: Counter;
}
const countersOf = new WeakMap<FastifyInstance, ShopCounters>();

/** One more order created (a replayed checkout that found its order is not counted). */
export function countOrderPlaced(app: FastifyInstance): void {
  countersOf.get(app)?.ordersPlaced.inc();
}

/** The route a request matched, as registered; requests no route matched share one label. */
function routeLabel(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

/** The same length and contents, compared in a time that does not tell how much of a guess was right. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Waiting, failing and given-up mails, and the oldest waiting one's age; one small read. */
async function readMailQueue(app: FastifyInstance): Promise<{ waiting: number; failing: number; givenUp: number; oldestS: number }> {
  const { database } = app;
  // graphile-worker deletes a job once done, so its table holds only what is left to send (small);
  // a job whose attempts ran out stays there, failed. On PGlite the in-process loop reads the outbox:
  // the waiting rows through its partial index, the given-up ones by a scan of a one-process shop's table.
  const query =
    database.driver === 'postgres'
      ? sql`select count(*) filter (where attempts < max_attempts)::int as waiting,
            count(*) filter (where attempts < max_attempts and last_error is not null)::int as failing,
            count(*) filter (where attempts >= max_attempts)::int as given_up,
            coalesce(extract(epoch from now() - min(created_at) filter (where attempts < max_attempts)), 0)::float8 as oldest_s
          from graphile_worker.jobs where task_identifier = 'send_mail'`
      : sql`select count(*) filter (where sent_at is null and failed_at is null)::int as waiting,
            count(*) filter (where sent_at is null and failed_at is null and attempts > 0)::int as failing,
            count(*) filter (where failed_at is not null)::int as given_up,
            coalesce(extract(epoch from now() - min(created_at) filter (where sent_at is null and failed_at is null)), 0)::float8 as oldest_s
          from mail_outbox`;
  const [row] = await sqlRows<{ waiting: number; failing: number; given_up: number; oldest_s: number }>(database.db, query);
  return {
    waiting: Number(row?.waiting ?? 0),
    failing: Number(row?.failing ?? 0),
    givenUp: Number(row?.given_up ?? 0),
    oldestS: Number(row?.oldest_s ?? 0),
  };
}

/**
 * Counts every request of `app` and, when `token` is given, serves GET /metrics to its holder. Call
 * before the routes are registered (the hooks then see every route).
 */
export function installMetrics(app: FastifyInstance, token: string | undefined): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'flora_http_requests_total',
    help: 'Requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'flora_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames,
    // From a cached catalogue read (a few ms) to a checkout on a loaded database (seconds).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // A callback hook, not an async one: every answer runs it, and a promise per answer costs more than the counting.
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: routeLabel(req), status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // Counted by the catalogue's caches of this process (one counter shared by its apps).
  registry.registerMetric(catalogueCacheLookups);
  countersOf.set(app, { ordersPlaced: new Counter({ name: 'flora_orders_placed_total', help: 'Orders created', registers: [registry] }) });

  const pools = (): [string, pg.Pool | undefined][] => [
    ['query', app.database.queryPool],
    ['checkout', app.database.checkoutPool],
    ['mail', app.database.pool],
  ];
  new Gauge({
    name: 'flora_db_pool_in_use',
    help: 'PostgreSQL connections checked out of the pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [name, pool] of pools()) if (pool) this.set({ pool: name }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'flora_db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL connection of the pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [name, pool] of pools()) if (pool) this.set({ pool: name }, pool.waitingCount);
    },
  });
  // Without REDIS_URL (one process alone) there is no Redis to be up or down: no series.
  if (app.shared.status() !== 'off') {
    new Gauge({
      name: 'flora_redis_up',
      help: 'Redis shared by the processes answers (1) or not (0)',
      registers: [registry],
      aggregator: 'min',
      collect() {
        this.set(app.shared.status() === 'up' ? 1 : 0);
      },
    });
  }

  // The mail figures come from one query per scrape, made by the page before it renders (a collect()
  // per gauge would query once per gauge). While the database cannot be reached they are NaN and
  // flora_mail_queue_readable says 0.
  let mail: Awaited<ReturnType<typeof readMailQueue>> | null = null;
  const mailGauge = (name: string, help: string, pick: (m: NonNullable<typeof mail>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator: 'max',
      collect() {
        // Unknown, not zero: a zero would read as "nothing waits" during an outage.
        this.set(mail ? pick(mail) : Number.NaN);
      },
    });
  mailGauge('flora_mail_queue_waiting', 'Mails queued and not sent yet (retries included)', (m) => m.waiting);
  mailGauge('flora_mail_queue_failing', 'Waiting mails whose last attempt failed (they will be tried again)', (m) => m.failing);
  mailGauge('flora_mail_queue_given_up', 'Mails whose attempts ran out (an operator looks at them)', (m) => m.givenUp);
  mailGauge('flora_mail_queue_oldest_seconds', 'Age of the oldest waiting mail (0 when none waits)', (m) => m.oldestS);
  new Gauge({
    name: 'flora_mail_queue_readable',
    help: 'The mail queue could be read at this scrape (1) or not (0)',
    registers: [registry],
    aggregator: 'min',
    collect() {
      this.set(mail ? 1 : 0);
    },
  });

  const readAtScrape = async () => {
    mail = await readMailQueue(app).catch(() => null);
  };
  const cluster = clusterScraper(registry, readAtScrape);

  if (token) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: translate(commonMessages.unauthenticated, requestLocale(req)) });
      }
      let body: string;
      if (cluster) body = await cluster.scrape();
      else {
        await readAtScrape();
        body = await registry.metrics();
      }
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
    });
  }
  return registry;
}
