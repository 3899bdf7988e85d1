/**
 * The route tree. Every page is a lazy route owned by its feature (`features/<x>/routes.tsx`).
 * The storefront layout wraps every public path. The back office (/admin/*) is not in this tree at
 * all: its routes, layout and pages are fetched the first time a path under /admin is visited
 * (`patchRoutesOnNavigation`), so no admin code is ever part of the storefront's first download.
 */
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '@web/features/account/routes';
import { cartRoutes } from '@web/features/cart/routes';
import { catalogueRoutes } from '@web/features/catalogue/routes';
import { customRoutes } from '@web/features/custom/routes';
import { infoRoutes } from '@web/features/info/routes';
import { notBuilt } from './lazy';
import { PageFallback } from '@web/components/ui/page-frame';
import { StorefrontLayout } from './layouts/StorefrontLayout';
import ServerError from './pages/ServerError';

export const storefrontRoutes: RouteObject[] = [
  {
    id: 'storefront',
    path: '/',
    Component: StorefrontLayout,
    errorElement: <ServerError />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        // Errors of a page show inside the layout, so the header and footer stay usable.
        errorElement: <ServerError />,
        children: [
          ...catalogueRoutes,
          ...infoRoutes,
          ...accountRoutes,
          ...cartRoutes,
          ...customRoutes,
          { path: '*', lazy: notBuilt },
        ],
      },
    ],
  },
];

/** /admin paths, also under a language's prefix (the router hands them over with its basename). */
export const isAdminPath = (path: string): boolean => /^(?:\/(?:en|ar))?\/admin(?:[/?#]|$)/.test(path);

type PatchRoutes = NonNullable<NonNullable<Parameters<typeof createBrowserRouter>[1]>['patchRoutesOnNavigation']>;

/** Adds the back-office tree the first time an /admin path is visited. */
export function adminRoutePatcher(): PatchRoutes {
  let patched = false;
  return async ({ path, patch }) => {
    if (patched || !isAdminPath(path)) return;
    const { adminTree } = await import('./admin-tree');
    if (patched) return;
    patched = true;
    patch(null, [adminTree]);
  };
}

/** `basename`: the language's prefix of the address (lib/locale-address.ts), `/` for French. */
export function createAppRouter(basename = '/') {
  return createBrowserRouter(storefrontRoutes, { basename, patchRoutesOnNavigation: adminRoutePatcher() });
}

/** Same tree in memory, for tests. */
export function createTestRouter(initialEntries: string[] = ['/']) {
  return createMemoryRouter(storefrontRoutes, { initialEntries, patchRoutesOnNavigation: adminRoutePatcher() });
}
