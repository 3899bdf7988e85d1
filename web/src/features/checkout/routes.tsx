import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** The cart's checkout (the custom bouquet's checkout is the custom bouquet's own route). */
export const checkoutRoutes: RouteObject[] = [{ path: 'checkout', lazy: page(() => import('./CheckoutPage')) }];
