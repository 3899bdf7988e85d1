import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean(), latency_ms: z.number() }),
  /**
   * Redis (REDIS_URL), which the processes share rate limits and catalogue changes through: `down`
   * while it cannot be reached (the shop still serves, each process on its own), `off` when unset.
   */
  redis: z.object({ status: z.enum(['up', 'down', 'off']), ok: z.boolean() }),
  uptime_s: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
