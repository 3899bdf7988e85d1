/** `notBuilt`: what an unknown path shows, the real not-found page (lazy, like every page). */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

export const notBuilt: LazyRouteFunction<RouteObject> = page(() => import('./pages/NotFound'));
