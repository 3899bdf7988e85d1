/**
 * One product as the storefront reads it (GET /api/product/:id): the product page and the wishlist's
 * cards share it. Its key sits under `['catalogue']`, so the back office's catalogue-changed
 * invalidation refreshes it with every other catalogue answer.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@shared/schemas/catalogue';
import { api } from '@web/lib/api';

export const productKey = (id: number) => ['catalogue', 'product', id] as const;

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productKey(id),
    queryFn: ({ signal }) => api.get<Product>(`/product/${id}`, { signal }),
  });
