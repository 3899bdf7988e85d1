import { sql } from 'drizzle-orm';
import { healthSchema, type Health } from '../../../shared/schemas/health.js';
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

export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness, database and mail sender check', response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      const results: { ok: boolean }[] = await Promise.all(checks.map((c: Check) => withinTimeout(c.run(api)).catch(() => c.down(api))));
      const parts = Object.fromEntries(checks.map((c, i) => [c.part, results[i]])) as Pick<Health, Part>;
      const down = checks.filter((_, i) => !results[i]!.ok).map((c) => c.part);
      const body: Health = { status: down.length === 0 ? 'ok' : 'error', down, ...parts, uptime_s: Math.round(process.uptime()) };
      return reply.code(down.length === 0 ? 200 : 503).header('cache-control', 'no-store').send(body);
    },
  );
};
