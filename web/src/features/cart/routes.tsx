import type { RouteObject } from 'react-router';
import { notBuilt } from '@web/app/lazy';

/** Cart, checkout, wishlist, order history. */
export const cartRoutes: RouteObject[] = [
  { path: 'cart', lazy: notBuilt },
  { path: 'checkout', lazy: notBuilt },
  { path: 'wishlist', lazy: notBuilt },
  { path: 'profile/orders', lazy: notBuilt },
  { path: 'orders', lazy: notBuilt },
];
