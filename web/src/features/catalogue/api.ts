/** Catalogue fetchers and query options (categories, subcategories). */
import { queryOptions } from '@tanstack/react-query';
import type { Category, Subcategory } from '@shared/schemas/catalogue';
import { api } from '@web/lib/api';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  subcategories: () => [...catalogueKeys.all, 'subcategories'] as const,
};

function ensureArray<T>(value: unknown, what: string): T[] {
  if (!Array.isArray(value)) throw new Error(`Invalid ${what} data format`);
  return value as T[];
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: async ({ signal }) => ensureArray<Category>(await api.get<unknown>('/categories', { signal }), 'categories'),
  });

export const subcategoriesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.subcategories(),
    queryFn: async ({ signal }) =>
      ensureArray<Subcategory>(await api.get<unknown>('/subcategories', { signal }), 'subcategories'),
  });
