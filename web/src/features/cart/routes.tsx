import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** The cart. */
export const cartRoutes: RouteObject[] = [{ path: 'cart', lazy: page(() => import('./pages/CartPage')) }];
