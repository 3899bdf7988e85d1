import type { RouteObject } from 'react-router';
import { notBuilt, page } from '@web/app/lazy';

/** Catalogue: home, shop listing, categories, subcategories, product pages. */
export const catalogueRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./pages/HomePage')) },
  { path: 'shop', lazy: notBuilt },
  { path: 'category/:id', lazy: notBuilt },
  { path: 'category/:id/subcategory/:subcategoryId', lazy: notBuilt },
  { path: 'product/:id', lazy: notBuilt },
];
