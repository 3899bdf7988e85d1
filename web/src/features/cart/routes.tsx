import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

const orders = page(() => import('./pages/OrdersPage'));

/** Cart, checkout, wishlist, order history, a guest's order tracking link. */
export const cartRoutes: RouteObject[] = [
  { path: 'cart', lazy: page(() => import('./pages/CartPage')) },
  { path: 'checkout', lazy: page(() => import('./pages/CheckoutPage')) },
  { path: 'wishlist', lazy: page(() => import('./pages/WishlistPage')) },
  { path: 'profile/orders', lazy: orders },
  { path: 'orders', lazy: orders },
  { path: 'orders/track/:id', lazy: page(() => import('./pages/OrderTrackingPage')) },
];
