/**
 * Catalogue fetchers, query options and hooks: categories, subcategories, colours, products (paged,
 * filtered), featured products, one product and its related ones, testimonials.
 *
 * Every catalogue key starts with `['catalogue']` so one invalidation (the `catalogue-changed` event
 * the back office fires) refreshes every list; testimonials have their own key.
 *
 * The header imports this module, so it stays light (first-load budget): hooks with mutations and
 * effects live in `hooks.ts`, loaded with the pages.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGE_SIZES, type ProductSort } from '@shared/constants';
import type { Category, Color, Product, ProductPage, Subcategory } from '@shared/schemas/catalogue';
import type { Occasion } from '@shared/schemas/occasions';
import type { Testimonial } from '@shared/schemas/testimonials';
import { api } from '@web/lib/api';
import { productKey } from '@web/lib/product-query';

/** Window event the back office fires after a product, category or colour change. */
export const CATALOGUE_CHANGED_EVENT = 'catalogue-changed';

/** Filters of `GET /api/products` (all optional). */
export type ProductFilters = {
  page?: number;
  per_page?: number;
  search?: string;
  category_id?: number;
  subcategory_id?: number;
  color_id?: number;
  /** An occasion's slug (any language's). */
  occasion?: string;
  min_price?: number;
  max_price?: number;
  sort?: ProductSort;
  featured?: boolean;
};

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  subcategories: () => [...catalogueKeys.all, 'subcategories'] as const,
  categorySubcategories: (categoryId: number) => [...catalogueKeys.all, 'categories', categoryId, 'subcategories'] as const,
  colors: () => [...catalogueKeys.all, 'colors'] as const,
  occasions: () => [...catalogueKeys.all, 'occasions'] as const,
  products: (filters: ProductFilters) => [...catalogueKeys.all, 'products', filters] as const,
  featured: (page: number, perPage: number) => [...catalogueKeys.all, 'featured', page, perPage] as const,
  product: productKey,
  related: (id: number) => [...catalogueKeys.all, 'product', id, 'related'] as const,
};

export const testimonialKeys = {
  all: ['testimonials'] as const,
  list: (limit: number) => [...testimonialKeys.all, limit] as const,
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
    queryFn: async ({ signal }) => ensureArray<Subcategory>(await api.get<unknown>('/subcategories', { signal }), 'subcategories'),
  });

export const categorySubcategoriesQuery = (categoryId: number) =>
  queryOptions({
    queryKey: catalogueKeys.categorySubcategories(categoryId),
    queryFn: async ({ signal }) =>
      ensureArray<Subcategory>(await api.get<unknown>(`/categories/${categoryId}/subcategories`, { signal }), 'subcategories').filter(
        (s) => s.is_active !== false,
      ),
  });

export const colorsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.colors(),
    queryFn: async ({ signal }) => ensureArray<Color>(await api.get<unknown>('/colors', { signal }), 'colors'),
  });

/** The occasions (Mother's Day, birth...), the ones leading the home page first. */
export const occasionsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.occasions(),
    queryFn: async ({ signal }) => (await api.get<{ data: Occasion[] }>('/occasions', { signal })).data,
  });

/** The occasion an address names by any language's slug. */
export const occasionOf = (list: readonly Occasion[] | undefined, slug: string | undefined): Occasion | undefined =>
  slug === undefined ? undefined : list?.find((o) => o.slugs.fr === slug || o.slugs.en === slug || o.slugs.ar === slug);

/** Drops empty values so equal filters give equal query keys. */
export function cleanFilters(filters: ProductFilters): ProductFilters {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    out[key] = value;
  }
  return out as ProductFilters;
}

export const productsQuery = (filters: ProductFilters) => {
  const clean = cleanFilters({ per_page: PAGE_SIZES.shop, ...filters });
  return queryOptions({
    queryKey: catalogueKeys.products(clean),
    queryFn: ({ signal }) => api.get<ProductPage>('/products', { signal, query: clean }),
    // Paging keeps the current page on screen (dimmed) until the next one arrives.
    placeholderData: keepPreviousData,
  });
};

export const featuredQuery = (page: number, perPage: number = PAGE_SIZES.featured) =>
  queryOptions({
    queryKey: catalogueKeys.featured(page, perPage),
    queryFn: ({ signal }) => api.get<ProductPage>('/products/featured', { signal, query: { page, per_page: perPage } }),
    placeholderData: keepPreviousData,
  });

export { productQuery } from '@web/lib/product-query';

export const relatedQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.related(id),
    queryFn: async ({ signal }) => (await api.get<{ data: Product[] }>(`/product/${id}/related`, { signal })).data,
  });

export const testimonialsQuery = (limit: number = PAGE_SIZES.testimonialsShown) =>
  queryOptions({
    queryKey: testimonialKeys.list(limit),
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: unknown }>('/testimonials', { signal, query: { limit } });
      return ensureArray<Testimonial>(answer?.data, 'testimonials');
    },
  });
