import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** The wishlist (kept in the browser for guests, on the account once signed in). */
export const wishlistRoutes: RouteObject[] = [{ path: 'wishlist', lazy: page(() => import('./pages/WishlistPage')) }];
