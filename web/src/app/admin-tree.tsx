/** The back office's own tree under /admin, with its minimal layout. Loaded on demand only. */
import type { RouteObject } from 'react-router';
import { adminRoutes } from '@web/features/admin/routes';
import { PageFallback } from './layouts/StorefrontLayout';
import ServerError from './pages/ServerError';

export const adminTree: RouteObject = {
  id: 'admin',
  path: '/admin',
  lazy: async () => ({ Component: (await import('./layouts/AdminLayout')).default }),
  errorElement: <ServerError />,
  hydrateFallbackElement: <PageFallback />,
  children: [{ errorElement: <ServerError />, children: adminRoutes }],
};
