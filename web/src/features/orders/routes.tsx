import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

const orders = page(() => import('./pages/OrdersPage'));

/** A customer's order history and a guest's order tracking link. */
export const ordersRoutes: RouteObject[] = [
  { path: 'profile/orders', lazy: orders },
  { path: 'orders', lazy: orders },
  { path: 'orders/track/:id', lazy: page(() => import('./pages/OrderTrackingPage')) },
];
