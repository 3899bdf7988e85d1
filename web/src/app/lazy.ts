/**
 * Lazy route helpers. `page(() => import('./X'))` turns a module with a default-exported component
 * into a lazy route; `notBuilt` is what a path shows until its page exists: the real not-found page.
 */
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

export function page(load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load()).default });
}

export const notBuilt: LazyRouteFunction<RouteObject> = page(() => import('./pages/NotFound'));
