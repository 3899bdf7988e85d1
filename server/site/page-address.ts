/**
 * The address a storefront page is drawn and kept under: its path and only the query parameters the
 * page itself reads, with the values it would read, in one order. Anything else in a query (a tracking
 * tag, a random cache-buster, `?x=<anything>`) does not change what the page says, so it must not make a
 * new server render (about 15 times the cost of a kept page) nor one more entry in the page cache:
 * `/shop?x=1&page=2` and `/shop?page=2&utm_source=wa` are the one kept page `/shop?page=2`.
 */
import { PRODUCT_SORTS, type ProductSort } from '../../shared/constants.js';
import { readPriceRange } from '../../shared/price-range.js';

/** The listing's own state, read as the web app reads it (web/src/features/catalogue/listing-params.ts). */
export interface ListingParams {
  search?: string;
  color?: number;
  /** MAD on the discounted price, inclusive; an older `price=<band>` address reads as its band's range. */
  min_price?: number;
  /** MAD on the discounted price, exclusive. */
  max_price?: number;
  sort?: ProductSort;
  /** 2 or more; the first page has none. */
  page?: number;
}

const LISTING_PATH = /^\/(shop|category\/\d+(\/subcategory\/\d+)?|occasion\/[^/]+)$/;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
};

/** A listing's parameters; a bad value is read as absent, as the app does (the first value of a repeated one). */
export function readListingParams(search: URLSearchParams): ListingParams {
  const range = readPriceRange(search);
  const sort = search.get('sort');
  const page = positiveInt(search.get('page'));
  return {
    search: search.get('search')?.trim() || undefined,
    color: positiveInt(search.get('color')),
    min_price: range.min,
    max_price: range.max,
    sort: PRODUCT_SORTS.find((s) => s === sort),
    page: page && page > 1 ? page : undefined,
  };
}

/**
 * The canonical query of a page (`''` or `?a=1&b=2`, names in alphabetical order): a listing keeps its
 * own parameters; the other pages the server draws read none.
 */
export function canonicalQuery(pagePath: string, search: URLSearchParams): string {
  if (!LISTING_PATH.test(pagePath)) return '';
  const params = readListingParams(search);
  const kept = new URLSearchParams();
  for (const name of Object.keys(params).sort() as (keyof ListingParams)[]) {
    const value = params[name];
    if (value !== undefined) kept.set(name, String(value));
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}
