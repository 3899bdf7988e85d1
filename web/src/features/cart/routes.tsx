import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** The cart; its texts are its own (the layout brings `common`). */
export const cartRoutes: RouteObject[] = [{ path: 'cart', lazy: page(() => import('./pages/CartPage'), ['cart']) }];
