/**
 * The extras the shop offers beside bouquets (vase, chocolates…): read by the product page's "Add to
 * your bouquet" and once more in the cart, so it lives below both features. Its key sits under
 * `['catalogue']`, so the back office's catalogue-changed invalidation refreshes it with the rest.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@shared/schemas/catalogue';
import { api } from '@web/lib/api';

export const extrasKey = ['catalogue', 'extras'] as const;

/** The extras on sale and in stock, in the shop's order (`GET /api/products/extras`). */
export const extrasQuery = () =>
  queryOptions({
    queryKey: extrasKey,
    queryFn: async ({ signal }) => (await api.get<{ data: Product[] }>('/products/extras', { signal })).data,
  });
