import { sql } from 'drizzle-orm';
import { healthSchema } from '../../../shared/schemas/health.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await api.database.db.execute(sql`select 1`);
      } catch {
        ok = false;
      }
      // Redis shares rate limits and catalogue changes between processes; without it each process
      // serves alone. `off` (no REDIS_URL: one process) is not down. A synchronous read, no round trip.
      const redis = api.shared.status();
      const up = ok && redis !== 'down';
      const body = {
        status: up ? ('ok' as const) : ('error' as const),
        database: { driver: api.database.driver, ok, latency_ms: Math.round((performance.now() - started) * 100) / 100 },
        redis: { status: redis, ok: redis !== 'down' },
        uptime_s: Math.round(process.uptime()),
      };
      return reply.code(up ? 200 : 503).header('cache-control', 'no-store').send(body);
    },
  );
};
