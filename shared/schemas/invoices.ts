/** Numbered invoices of paid orders (back office). */
import { z } from 'zod';

export const invoiceSchema = z
  .object({
    /** `FA-<year>-<five-digit sequence>`: without gaps per year, never reused. */
    number: z.string(),
    year: z.number().int(),
    sequence: z.number().int(),
    order_id: z.number().int(),
    /** The order's total when the invoice was issued, MAD. */
    total: z.number(),
    issued_at: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;
