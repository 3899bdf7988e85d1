import { z } from 'zod';

/**
 * GET /api/health: 200 when every part the shop needs works, 503 naming in `down` the parts that do
 * not (each part's field then says `ok: false`). Same fields either way.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  /** The fields of the parts that are down ("database", "mail"); empty when all is well. */
  down: z.array(z.string()),
  database: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean(), latency_ms: z.number() }),
  /** The mail queue's sender: running, or waiting to start again after a failure. */
  mail: z.object({ driver: z.enum(['graphile-worker', 'in-process']), ok: z.boolean() }),
  /**
   * Redis (REDIS_URL), which the processes share rate limits and catalogue changes through: `down`
   * while it cannot be reached (the shop still serves, each process on its own), `off` when unset.
   */
  redis: z.object({ status: z.enum(['up', 'down', 'off']), ok: z.boolean() }),
  uptime_s: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process answers (nothing else is looked at). */
export const liveSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/health/ready: 200 when the database answers and holds every migration this code knows;
 * 503 otherwise, naming what is missing (`database` unreachable, or `migrations` behind).
 */
export const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.boolean(),
  /** The newest migration this code knows, and the newest applied (null: none, or unreadable). */
  migrations: z.object({ expected: z.string(), applied: z.string().nullable(), current: z.boolean() }),
});
export type Ready = z.infer<typeof readySchema>;
