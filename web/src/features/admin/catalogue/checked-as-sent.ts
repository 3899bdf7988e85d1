/**
 * A catalogue form schema's last step: the request's fields (texts as typed, flags as '1'/'0') are
 * checked by the server's own schema, issues kept on their paths, and sent as they are (the server
 * parses the same form fields; the parsed values are not what it takes).
 */
import type { z } from 'zod';
import { checkedBy } from '@web/lib/forms';

export const checkedAsSent =
  <S extends z.ZodType>(schema: S) =>
  (fields: unknown, ctx: z.RefinementCtx): void => {
    checkedBy(schema)(fields, ctx);
  };
