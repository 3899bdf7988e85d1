/** The back office's own tree under /admin, with its frame. Loaded on demand only. */
import type { RouteObject } from 'react-router';
import { PageFallback } from '@web/components/ui/page-frame';
import { adminRoutes } from '@web/features/admin/routes';
import { loadAdminNamespaces, initI18n } from '@web/lib/i18n';
import ServerError from './pages/ServerError';

export const adminTree: RouteObject = {
  id: 'admin',
  path: '/admin',
  lazy: async () => {
    const [{ default: Component }] = await Promise.all([
      import('@web/features/admin/shell/AdminLayout'),
      initI18n().then(loadAdminNamespaces),
    ]);
    return { Component };
  },
  errorElement: <ServerError />,
  hydrateFallbackElement: <PageFallback />,
  children: [{ errorElement: <ServerError />, children: adminRoutes }],
};
