import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/** A payment link the shop sent: /pay/<token>. */
export const paymentsRoutes: RouteObject[] = [{ path: 'pay/:token', lazy: page(() => import('./PayLinkPage')) }];
