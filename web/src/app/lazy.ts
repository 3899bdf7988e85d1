/**
 * Lazy route helpers. `page(() => import('./X'))` turns a module with a default-exported component
 * into a lazy route; `notBuilt` is what a path shows until its page exists: the real not-found page.
 */
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { initI18n, loadAllNamespaces } from '@web/lib/i18n';

type PageModule = { default: ComponentType };

export function page(load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> {
  return async () => {
    // A page's texts arrive with it: the namespaces are lazy chunks, fetched in parallel with the page.
    const [module] = await Promise.all([load(), initI18n().then(loadAllNamespaces)]);
    return { Component: module.default };
  };
}

export const notBuilt: LazyRouteFunction<RouteObject> = page(() => import('./pages/NotFound'));
