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
      const body = {
        status: ok ? ('ok' as const) : ('error' as const),
        database: { driver: api.database.driver, ok, latency_ms: Math.round((performance.now() - started) * 100) / 100 },
        uptime_s: Math.round(process.uptime()),
      };
      return reply.code(ok ? 200 : 503).header('cache-control', 'no-store').send(body);
    },
  );
};
