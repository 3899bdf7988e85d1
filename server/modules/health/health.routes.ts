import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { healthSchema, liveSchema, readySchema, type Health, type Ready } from '../../../shared/schemas/health.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TypedApp } from '../../types.js';

/** A check answers within this, or its part counts as down: health never hangs on a silent database. */
const CHECK_TIMEOUT_MS = 3_000;

type Part = 'database' | 'mail' | 'redis';
type Deps = Pick<TypedApp, 'database' | 'mailQueue' | 'shared'>;
interface Check {
  part: Part;
  /** The part's field when it answers (rejects or times out: `down` is used). */
  run(api: Deps): Promise<{ ok: boolean }>;
  down(api: Deps): { ok: false };
}

/** What /api/health looks at, one entry per field of the answer: add a part here and in the schema. */
const checks = [
  {
    part: 'database',
    async run(api) {
      const started = performance.now();
      await api.database.db.execute(sql`select 1`);
      return { driver: api.database.driver, ok: true, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
    },
    down: (api) => ({ driver: api.database.driver, ok: false as const, latency_ms: CHECK_TIMEOUT_MS }),
  },
  {
    part: 'mail',
    run: async (api) => ({ driver: api.mailQueue.driver, ok: api.mailQueue.running() }),
    down: (api) => ({ driver: api.mailQueue.driver, ok: false as const }),
  },
  {
    // Shares rate limits and catalogue changes between processes; without it each process serves
    // alone. `off` (no REDIS_URL: one process) is not down. A synchronous read, never a round trip.
    part: 'redis',
    run: async (api) => ({ status: api.shared.status(), ok: api.shared.status() !== 'down' }),
    down: () => ({ status: 'down' as const, ok: false as const }),
  },
] satisfies Check[];

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('check timed out')), CHECK_TIMEOUT_MS)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The migrations this code ships (drizzle's journal): each one's tag, and the time drizzle records for it. */
const migrations = (
  JSON.parse(readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: { tag: string; when: number }[];
  }
).entries;
const newestMigration = migrations.reduce((a, b) => (b.when > a.when ? b : a));

/**
 * Readiness: the database answers, and its newest applied migration (drizzle keeps each one's journal
 * time in `created_at`) is this code's newest or later. Later is ready: during a rolling deploy the
 * processes still on the previous code keep serving a database the new code has just migrated.
 */
async function readiness(api: Deps): Promise<Ready> {
  const expected = newestMigration.tag;
  try {
    const [row] = await withinTimeout(
      sqlRows<{ created_at: string | number | null }>(
        api.database.db,
        sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
      ),
    );
    const appliedWhen = row?.created_at == null ? null : Number(row.created_at);
    const current = appliedWhen !== null && appliedWhen >= newestMigration.when;
    // A migration this code does not know (a newer deploy's) is named by its time.
    const applied = appliedWhen === null ? null : (migrations.find((m) => m.when === appliedWhen)?.tag ?? String(appliedWhen));
    return { status: current ? 'ready' : 'not_ready', database: true, migrations: { expected, applied, current } };
  } catch {
    return { status: 'not_ready', database: false, migrations: { expected, applied: null, current: false } };
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  // For a process supervisor: the process answers requests. Never looks at the database, so an
  // outage does not get every process restarted.
  api.get(
    '/health/live',
    { schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: liveSchema } } },
    async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );
  // For a load balancer: send traffic here only while the database answers and is migrated.
  api.get(
    '/health/ready',
    {
      schema: { tags: ['system'], summary: 'Readiness: database reachable and migrated', response: { 200: readySchema, 503: readySchema } },
    },
    async (_req, reply) => {
      const body = await readiness(api);
      return reply
        .code(body.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  api.get(
    '/health',
    {
      schema: { tags: ['system'], summary: 'Liveness, database and mail sender check', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_req, reply) => {
      const results: { ok: boolean }[] = await Promise.all(checks.map((c: Check) => withinTimeout(c.run(api)).catch(() => c.down(api))));
      const parts = Object.fromEntries(checks.map((c, i) => [c.part, results[i]])) as Pick<Health, Part>;
      const down = checks.filter((_, i) => !results[i]!.ok).map((c) => c.part);
      const body: Health = { status: down.length === 0 ? 'ok' : 'error', down, ...parts, uptime_s: Math.round(process.uptime()) };
      return reply
        .code(down.length === 0 ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
