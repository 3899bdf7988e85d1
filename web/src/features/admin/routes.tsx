import type { RouteObject } from 'react-router';
import { notBuilt } from '@web/app/lazy';

/**
 * Back office, relative to /admin (back-office spec, section 2). This module is loaded only when a
 * path under /admin is visited (see app/router.tsx): nothing here is in the storefront's download.
 */
export const adminRoutes: RouteObject[] = [
  { index: true, lazy: notBuilt },
  { path: 'dashboard', lazy: notBuilt },
  { path: 'dashboard/revenue', lazy: notBuilt },
  { path: 'revenue', lazy: notBuilt },
  { path: 'profile', lazy: notBuilt },
  { path: 'profile/new-admin', lazy: notBuilt },
  { path: 'add-admin', lazy: notBuilt },
  { path: 'products', lazy: notBuilt },
  { path: 'products/reorder', lazy: notBuilt },
  { path: 'products/add', lazy: notBuilt },
  { path: 'products/new', lazy: notBuilt },
  { path: 'products/edit/:id', lazy: notBuilt },
  { path: 'categories', lazy: notBuilt },
  { path: 'categories/new', lazy: notBuilt },
  { path: 'categories/edit/:id', lazy: notBuilt },
  { path: 'subcategories', lazy: notBuilt },
  { path: 'subcategories/new', lazy: notBuilt },
  { path: 'subcategories/edit/:id', lazy: notBuilt },
  { path: 'colors', lazy: notBuilt },
  { path: 'customers', lazy: notBuilt },
  { path: 'orders', lazy: notBuilt },
  { path: 'orders/edit/:id', lazy: notBuilt },
  { path: 'testimonials', lazy: notBuilt },
  { path: '*', lazy: notBuilt },
];
