/**
 * A rate limit keyed by something other than the client IP (an e-mail address, a cart), as a
 * preHandler; answers 429 in the reader's language with Retry-After. Off when RATE_LIMIT is off.
 * Per-IP limits use the route's `config.rateLimit` (@fastify/rate-limit) directly. Both count through
 * the plugin's store (rate-limit-store.ts): in Redis while it is up, so the limit holds across the
 * shop's processes, and in this process while it is down (never "no limit").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { commonMessages } from './i18n.js';

export interface Limit {
  max: number;
  timeWindow: number;
}

/** `keyOf` returns null when the request has nothing to count by (then only the IP limit applies). */
export function keyedLimit(app: FastifyInstance, name: string, limit: Limit, keyOf: (req: FastifyRequest) => string | null) {
  if (!app.config.rateLimit) return [];
  const check = app.createRateLimit({ ...limit, keyGenerator: (req) => `${name}:${keyOf(req) ?? ''}` });
  return [
    async (req: FastifyRequest, reply: { header(key: string, value: string): unknown }) => {
      if (keyOf(req) === null) return;
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(429, commonMessages.tooManyRequests);
      }
    },
  ];
}
