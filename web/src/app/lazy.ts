/** What an unknown path shows: the not-found page (lazy, like every page). */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

export const notFoundPage: LazyRouteFunction<RouteObject> = page(() => import('./pages/NotFound'));
