/**
 * The route tree. Every page is a lazy route owned by its feature (`features/<x>/routes.tsx`).
 * The storefront layout wraps every public path. The back office (/admin/*) is not in this tree at
 * all: its routes, layout and pages are fetched the first time a path under /admin is visited
 * (`patchRoutesOnNavigation`), so no admin code is ever part of the storefront's first download.
 */
import { createBrowserRouter, createMemoryRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { accountsRoutes, adminLoginRoute } from '@web/features/accounts/routes';
import { cartRoutes } from '@web/features/cart/routes';
import { checkoutRoutes } from '@web/features/checkout/routes';
import { catalogueRoutes } from '@web/features/catalogue/routes';
import { customBouquetRoutes } from '@web/features/custom-bouquet/routes';
import { ordersRoutes } from '@web/features/orders/routes';
import { paymentsRoutes } from '@web/features/payments/routes';
import { shopRoutes } from '@web/features/shop/routes';
import { wishlistRoutes } from '@web/features/wishlist/routes';
import { categoriesQuery, occasionsQuery, subcategoriesQuery } from '@web/features/catalogue/api';
import { prefetchLoader } from '@web/lib/route-data';
import { shopInfoQuery } from '@web/lib/shop-info';
import { notFoundPage } from './lazy';
import { PageFallback } from '@web/components/ui/page-frame';
import { StorefrontLayout } from './layouts/StorefrontLayout';
import ServerError from './pages/ServerError';

export const storefrontRoutes: RouteObject[] = [
  {
    id: 'storefront',
    path: '/',
    Component: StorefrontLayout,
    // What the header (category menus) and the footer (shop details) show on every page.
    loader: prefetchLoader((client) => [
      client.prefetchQuery(categoriesQuery()),
      client.prefetchQuery(subcategoriesQuery()),
      client.prefetchQuery(shopInfoQuery()),
      client.prefetchQuery(occasionsQuery()),
    ]),
    // The layout's data is for the first render; later pages bring their own.
    shouldRevalidate: () => false,
    errorElement: <ServerError />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        // Errors of a page show inside the layout, so the header and footer stay usable.
        errorElement: <ServerError />,
        children: [
          ...catalogueRoutes,
          ...shopRoutes,
          ...accountsRoutes,
          ...cartRoutes,
          ...checkoutRoutes,
          ...ordersRoutes,
          ...paymentsRoutes,
          ...wishlistRoutes,
          ...customBouquetRoutes,
          { path: '*', lazy: notFoundPage },
        ],
      },
    ],
  },
  { ...adminLoginRoute, errorElement: <ServerError />, hydrateFallbackElement: <PageFallback /> },
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

/**
 * The router for a page the server rendered (entry-server.tsx): the lazy routes of the address are
 * resolved first, so the first render is the page itself, as the server drew it, and the loaders'
 * results come from the server (they are not run again).
 */
export async function createHydratedRouter(basename: string, hydrationData: HydrationState) {
  const matches = matchRoutes(storefrontRoutes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved);
      delete route.lazy;
    }),
  );
  return createBrowserRouter(storefrontRoutes, { basename, hydrationData, patchRoutesOnNavigation: adminRoutePatcher() });
}

/** Same tree in memory, for tests. */
export function createTestRouter(initialEntries: string[] = ['/']) {
  return createMemoryRouter(storefrontRoutes, { initialEntries, patchRoutesOnNavigation: adminRoutePatcher() });
}
