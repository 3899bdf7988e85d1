/**
 * A form schema's last step: the body built from the typed values, checked by the request's shared
 * schema, its issues kept on their paths (the form's fields carry the body's names), so the browser
 * shows the server's own rules and messages before sending.
 *
 *   z.object({ fee: z.string() }).transform((f) => ({ fee: numberOrNull(f.fee) })).transform(checkedBy(zoneInputSchema))
 */
import { z } from 'zod';

export const checkedBy =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown, ctx: z.RefinementCtx): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) });
    return z.NEVER;
  };
