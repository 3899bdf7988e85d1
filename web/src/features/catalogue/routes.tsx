import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** Catalogue pages show their own texts and the cart's (add-to-cart, wishlist buttons). */
const TEXTS = ['catalogue', 'cart'];
const listing = page(() => import('./pages/ListingPage'), TEXTS);

/** Catalogue: home, shop listing, categories, subcategories, product pages. */
export const catalogueRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./pages/HomePage'), TEXTS) },
  { path: 'shop', lazy: listing },
  { path: 'category/:id', lazy: listing },
  { path: 'category/:id/subcategory/:subcategoryId', lazy: listing },
  { path: 'product/:id', lazy: page(() => import('./pages/ProductPage'), TEXTS) },
];
