/**
 * The pieces every route schema repeats: who may call (OpenAPI `security`) and the error answers.
 *
 *   schema: { security, response: { 200: thingSchema, ...errorResponses(401, 403, 404, 422) } }
 */
import type { z } from 'zod';
import { errorSchema, validationErrorSchema } from '../../shared/schemas/common.js';

/** A session: `Authorization: Bearer` for API clients, the HttpOnly cookie for the web app. */
export const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** `{ message }` for each status, `{ message, errors }` for 422. */
export function errorResponses(...codes: number[]): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const code of codes) out[code] = code === 422 ? validationErrorSchema : errorSchema;
  return out;
}
