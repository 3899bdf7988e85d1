/**
 * GET /metrics: Prometheus's text format (checked by a parser of that format), request counts by route
 * pattern that move with traffic, the mail queue and pools read at scrape time, and the token: without
 * METRICS_TOKEN there is no page, with it only the Bearer holder reads it.
 */
import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOrderPlaced } from './metrics.js';
import { createTestApp, onPostgres, type TestContext } from '../test/helpers.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let ctx: TestContext;
/** The last page scraped, as text. */
let lastBody = '';

beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx?.close());

async function scrape(): Promise<Map<string, ParsedFamily>> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  lastBody = res.body;
  // Every line is a comment (# HELP / # TYPE) or a sample: name, optional labels, a number. prom-client
  // writes NaN as "Nan", which Prometheus reads (its float parsing ignores case).
  for (const line of res.body.split('\n').filter(Boolean)) {
    expect(line).toMatch(
      /^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|Nan|[+-]Inf))$/,
    );
  }
  return new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
}

function requestCount(families: Map<string, ParsedFamily>, labels: Record<string, string>): number {
  const family = families.get('flora_http_requests_total');
  expect(family?.type).toBe('COUNTER');
  const sample = family!.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? 0);
}

describe('GET /metrics', () => {
  it('parses as Prometheus text and its request counter moves with traffic, by route pattern', async () => {
    const before = requestCount(await scrape(), { method: 'GET', route: '/api/health/live', status: '200' });
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    // Two addresses of one route: one series, named by the pattern, never by the address.
    await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-rose' });
    await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-tulip' });
    const after = await scrape();
    expect(requestCount(after, { method: 'GET', route: '/api/health/live', status: '200' })).toBe(before + 3);
    const routes = after.get('flora_http_requests_total')!.metrics.map((m) => m.labels?.route ?? '');
    expect(routes.some((r) => r.includes('no-such'))).toBe(false);
    const productAnswers = after.get('flora_http_requests_total')!.metrics.filter((m) => m.labels?.route === '/api/product/:id');
    expect(productAnswers.reduce((sum, m) => sum + Number(m.value), 0)).toBe(2);

    expect(after.get('flora_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets but not its labels, count and sum: read those lines here.
    const line = (suffix: string) =>
      Number(
        new RegExp(`^flora_http_request_duration_seconds_${suffix}\\{[^}]*route="/api/health/live",status="200"[^}]*\\} (\\S+)$`, 'm').exec(
          lastBody,
        )?.[1],
      );
    expect(line('count')).toBe(before + 3);
    expect(line('sum')).toBeGreaterThan(0);
  });

  it("reads the mail queue at scrape time: waiting, given up, the oldest one's age", async () => {
    const gauge = (families: Map<string, ParsedFamily>, name: string) => Number(families.get(name)?.metrics[0]?.value);
    const before = await scrape();
    expect(gauge(before, 'flora_mail_queue_readable')).toBe(1);
    // Two mails due in an hour (the sender leaves them alone), queued 10 minutes ago; one then given up.
    if (onPostgres) {
      await ctx.db.execute(
        sql`select graphile_worker.add_job('send_mail', json_build_object('id', -1), run_at := now() + interval '1 hour')`,
      );
      await ctx.db.execute(
        sql`select graphile_worker.add_job('send_mail', json_build_object('id', -2), run_at := now() + interval '1 hour')`,
      );
      await ctx.db.execute(sql`update graphile_worker._private_jobs set created_at = now() - interval '10 minutes'`);
      await ctx.db.execute(sql`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'refused'
        where id = (select max(id) from graphile_worker._private_jobs)`);
    } else {
      await ctx.db.execute(sql`insert into mail_outbox (kind, payload, run_at, created_at) values
        ('message', '{}'::jsonb, now() + interval '1 hour', now() - interval '10 minutes'),
        ('message', '{}'::jsonb, now() + interval '1 hour', now() - interval '10 minutes')`);
      await ctx.db.execute(sql`update mail_outbox set failed_at = now(), attempts = 25 where id = (select max(id) from mail_outbox)`);
    }
    const after = await scrape();
    expect(gauge(after, 'flora_mail_queue_waiting')).toBe(gauge(before, 'flora_mail_queue_waiting') + 1);
    expect(gauge(after, 'flora_mail_queue_given_up')).toBe(gauge(before, 'flora_mail_queue_given_up') + 1);
    expect(gauge(after, 'flora_mail_queue_oldest_seconds')).toBeGreaterThanOrEqual(599);
  });

  it('counts orders placed, and names the PostgreSQL pools only on PostgreSQL', async () => {
    const orders = async () => Number((await scrape()).get('flora_orders_placed_total')?.metrics[0]?.value);
    const before = await orders();
    countOrderPlaced(ctx.app);
    expect(await orders()).toBe(before + 1);

    const families = await scrape();
    const pools = (families.get('flora_db_pool_in_use')?.metrics ?? []).map((m) => m.labels?.pool).sort();
    expect(pools).toEqual(onPostgres ? ['checkout', 'mail', 'query'] : []);
    // No REDIS_URL: no Redis series at all (not a "down" one).
    expect(families.has('flora_redis_up')).toBe(false);
    expect(families.has('process_resident_memory_bytes') || families.has('nodejs_heap_size_used_bytes')).toBe(true);
  });

  it("counts the catalogue cache's hits and misses", async () => {
    const lookups = (families: Map<string, ParsedFamily>, result: string) =>
      Number(families.get('flora_catalogue_cache_lookups_total')?.metrics.find((m) => m.labels?.result === result)?.value ?? 0);
    const before = await scrape();
    expect(before.get('flora_catalogue_cache_lookups_total')?.type).toBe('COUNTER');
    // A page of the catalogue not asked before: read from the database, then kept for the next visitor.
    const url = '/api/products?per_page=7&sort=price_desc';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const first = await scrape();
    expect(lookups(first, 'miss')).toBeGreaterThan(lookups(before, 'miss'));
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const second = await scrape();
    expect(lookups(second, 'hit')).toBeGreaterThan(lookups(first, 'hit'));
  });

  it('answers only the Bearer holder', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization, 'accept-language': 'fr' } : { 'accept-language': 'fr' },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().message).toBe('Veuillez vous connecter.');
      expect(res.body).not.toContain('flora_');
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('flora_');
    } finally {
      await other.close();
    }
  });
});
