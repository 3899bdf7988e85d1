/**
 * Lazy route helpers. `page(() => import('./X'))` turns a module with a default-exported component
 * into a lazy route whose texts arrive with it: the storefront's namespaces, or with
 * `adminPage(...)` the back office's own namespace (which storefront pages never load).
 */
import type { ComponentType } from 'react';
import type { LazyRouteFunction, LoaderFunction, RouteObject } from 'react-router';
import { initI18n, loadAdminNamespaces, loadAllNamespaces, loadNamespaces } from './i18n';

/** A page's module: its component, and the route loader that fills its first data when it has one. */
type PageModule = { default: ComponentType; loader?: LoaderFunction };

/** What a page says about its texts (route `handle`): the server renders it with these namespaces. */
export type PageHandle = { namespaces?: string[] };

function lazyPage(load: () => Promise<PageModule>, loadTexts: () => Promise<void>, handle?: PageHandle): LazyRouteFunction<RouteObject> {
  return async () => {
    // The namespaces are lazy chunks, fetched in parallel with the page (the server renderer holds
    // every text already: web/src/entry-server.tsx).
    const [module] = import.meta.env.SSR ? [await load()] : await Promise.all([load(), initI18n().then(loadTexts)]);
    // (No `handle` key at all for admin pages: their routes declare a static one.)
    return { Component: module.default, ...(module.loader && { loader: module.loader }), ...(handle && { handle }) };
  };
}

/**
 * A storefront page. `namespaces`: the texts the page and the layout show on their first render
 * (`common` always comes along); without it, every storefront namespace. A page that names its own
 * keeps the other namespaces out of its first load; one a later component asks for is loaded then.
 */
export const page = (load: () => Promise<PageModule>, namespaces?: string[]) =>
  lazyPage(load, namespaces ? () => loadNamespaces(namespaces) : loadAllNamespaces, { namespaces });
export const adminPage = (load: () => Promise<PageModule>) => lazyPage(load, loadAdminNamespaces);
