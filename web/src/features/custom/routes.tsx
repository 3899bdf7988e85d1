import type { RouteObject } from 'react-router';
import { notBuilt } from '@web/app/lazy';

/** Custom bouquet builder and its checkout. */
export const customRoutes: RouteObject[] = [
  { path: 'customize', lazy: notBuilt },
  { path: 'custom-checkout', lazy: notBuilt },
];
