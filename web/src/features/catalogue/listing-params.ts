/**
 * The listing's state lives in the URL (`?search=&color=&min_price=&max_price=&sort=&page=`), so a link
 * or the back button restores it. These helpers read it safely (bad values are ignored) and write it
 * back. The price range is read by shared/price-range.ts, as the server reads it for the pages it draws.
 */
import { PRODUCT_SORTS, type ProductSort } from '@shared/constants';
import { readPriceRange } from '@shared/price-range';
import type { ProductFilters } from './api';

export type ListingState = {
  search: string;
  color: number | null;
  /** MAD on the discounted price: min inclusive, max exclusive (the API's and the bands' rule). */
  minPrice: number | null;
  maxPrice: number | null;
  sort: ProductSort | null;
  page: number;
};

const positiveInt = (value: string | null): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
};

export function readListingState(params: URLSearchParams): ListingState {
  const range = readPriceRange(params);
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    color: positiveInt(params.get('color')),
    minPrice: range.min ?? null,
    maxPrice: range.max ?? null,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/**
 * New search params after a change. Any change other than the page itself goes back to page 1.
 * Unknown params are kept.
 */
export function writeListingState(params: URLSearchParams, change: Partial<ListingState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('search' in change) set('search', change.search?.trim());
  if ('color' in change) set('color', change.color);
  if ('minPrice' in change || 'maxPrice' in change) {
    // The range replaces an older address's band (`price=`), which would otherwise still be read.
    next.delete('price');
    const current = readPriceRange(params);
    set('min_price', 'minPrice' in change ? change.minPrice : current.min);
    set('max_price', 'maxPrice' in change ? change.maxPrice : current.max);
  }
  if ('sort' in change) set('sort', change.sort);
  if ('page' in change) set('page', change.page && change.page > 1 ? change.page : null);
  else next.delete('page');
  return next;
}

/** The API filters of a listing state plus the page's category and subcategory. */
export function toProductFilters(
  state: ListingState,
  scope: { categoryId?: number; subcategoryId?: number; occasion?: string },
  perPage: number,
): ProductFilters {
  return {
    page: state.page,
    per_page: perPage,
    search: state.search || undefined,
    category_id: scope.categoryId,
    subcategory_id: scope.subcategoryId,
    occasion: scope.occasion,
    color_id: state.color ?? undefined,
    min_price: state.minPrice ?? undefined,
    max_price: state.maxPrice ?? undefined,
    sort: state.sort ?? undefined,
  };
}

export const hasActiveFilters = (state: ListingState): boolean =>
  Boolean(state.search || state.color || state.minPrice !== null || state.maxPrice !== null || state.sort);

/** A positive id from an address segment (`/category/:id`), or undefined. */
export const toId = (value: string | undefined): number | undefined =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
