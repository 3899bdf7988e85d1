import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** Custom bouquet builder and its checkout. */
export const customBouquetRoutes: RouteObject[] = [
  { path: 'customize', lazy: page(() => import('./pages/CustomizePage')) },
  { path: 'custom-checkout', lazy: page(() => import('./pages/CustomCheckoutPage')) },
];
