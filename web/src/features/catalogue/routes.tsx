import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

const listing = page(() => import('./pages/ListingPage'));

/** Catalogue: home, shop listing, categories, subcategories, product pages. */
export const catalogueRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./pages/HomePage')) },
  { path: 'shop', lazy: listing },
  { path: 'category/:id', lazy: listing },
  { path: 'category/:id/subcategory/:subcategoryId', lazy: listing },
  { path: 'product/:id', lazy: page(() => import('./pages/ProductPage')) },
];
