/** Back office low-stock block: the threshold and the products at or under it. */
import { z } from 'zod';
import { v } from '../validation.js';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const lowStockThresholdSchema = z.object({
  threshold: z.number(v('positive_int')).int(v('positive_int')).min(0, v('positive_int')).max(10_000, v('positive_int')),
});

export const lowStockSchema = z
  .object({
    threshold: z.number().int(),
    /** Products at or under the threshold, fewest first (at most 100). */
    data: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
  })
  .meta({ id: 'LowStock' });
export type LowStock = z.infer<typeof lowStockSchema>;
