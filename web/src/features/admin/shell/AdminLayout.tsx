/**
 * The back office's frame: no public header or footer; a sidebar menu on wide
 * screens and a drawer on phones; breadcrumb from Dashboard; language switch; logout to /login.
 *
 * Access: the server decides (every /api/admin route is guarded). Here the frame asks
 * GET /api/admin/profile first: a customer sees the not-found page (so the back office's existence
 * is not advertised), never the menu. Without a live session (none, expired, or ended by the server:
 * sessions last a few hours, and a bookmarked "deliveries of the day" must not turn into a 404) an
 * admin page sends to the login page with the page in `next`; an unknown path stays not found.
 */
import { Menu } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';
import { DialogCloseButton, DialogLayer, useDialogFocus } from '@web/components/ui/dialog';
import { ErrorState } from '@web/components/ui/ErrorState';
import { LanguageSwitcher } from '@web/components/ui/LanguageSwitcher';
import { NotFoundView } from '@web/components/ui/NotFoundView';
import { NavigationProgress, PageFallback, SkipLink } from '@web/components/ui/page-frame';
import { isApiError } from '@web/lib/api';
import { session, useSessionState } from '@web/lib/session';
import { useAdminMe } from '../api';
import { adminLoginPath } from './login-path';
import { AdminBreadcrumbs } from './Breadcrumbs';
import { AdminNav } from './AdminNav';
import { DRIVER_PATHS } from './nav';
import { SessionExpiryWarning } from './SessionExpiryWarning';
import { useAdminLogout } from './use-admin-logout';

function Brand({ home = '/admin/dashboard' }: { home?: string }) {
  const { t } = useTranslation(['common', 'admin']);
  return (
    <Link to={home} className="font-display text-lg font-semibold text-primary">
      {t('common:brand')} <span className="text-sm font-normal text-muted">· {t('admin:title')}</span>
    </Link>
  );
}

function Drawer({
  open,
  onClose,
  children,
  returnFocusTo,
  home,
}: {
  home?: string;
  open: boolean;
  onClose: () => void;
  children: React.ReactNode;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('admin');
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useDialogFocus(panelRef, {
    open,
    onClose,
    initialFocus: () => closeRef.current,
    returnFocus: () => returnFocusTo.current,
  });
  if (!open) return null;
  return (
    <DialogLayer
      className="fixed inset-0 z-[60] lg:hidden"
      backdropClassName="absolute inset-0 bg-ink/40"
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        id="admin-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.label')}
        className="absolute inset-y-0 start-0 flex w-[min(20rem,86vw)] flex-col overflow-y-auto bg-cream shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <Brand home={home} />
          <DialogCloseButton
            ref={closeRef}
            onClick={onClose}
            label={t('menu.close')}
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand"
          />
        </div>
        <div className="p-3">{children}</div>
      </div>
    </DialogLayer>
  );
}

function AdminFrame({ isSuperAdmin, isDriver, name }: { isSuperAdmin: boolean; isDriver: boolean; name: string }) {
  const { t } = useTranslation('admin');
  useEndSessionOnUnauthorized();
  const { logout, loggingOut } = useAdminLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  async function onLogout() {
    setDrawerOpen(false);
    await logout();
  }

  const nav = (onNavigate?: () => void) => (
    <AdminNav
      isSuperAdmin={isSuperAdmin}
      isDriver={isDriver}
      onNavigate={onNavigate}
      onLogout={() => void onLogout()}
      loggingOut={loggingOut}
    />
  );

  return (
    <div className="flex min-h-dvh bg-cream">
      <SkipLink />
      <NavigationProgress />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col overflow-y-auto border-e border-line bg-surface px-3 py-4 lg:flex">
        <div className="mb-6 px-3">
          <Brand home={isDriver ? '/admin/round' : undefined} />
        </div>
        {nav()}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <SessionExpiryWarning />
        <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
          <div className="flex min-h-14 items-center gap-3 px-4 sm:px-6">
            <button
              ref={menuButton}
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-expanded={drawerOpen}
              aria-controls="admin-menu"
              aria-label={t('menu.open')}
              className="-ms-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden"
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
            <div className="lg:hidden">
              <Brand home={isDriver ? '/admin/round' : undefined} />
            </div>
            <div className="hidden min-w-0 flex-1 lg:block">
              <AdminBreadcrumbs />
            </div>
            <div className="ms-auto flex items-center gap-3">
              <span className="hidden text-sm text-muted sm:inline">{name}</span>
              <LanguageSwitcher />
            </div>
          </div>
          <div className="border-t border-line px-4 py-2 sm:px-6 lg:hidden">
            <AdminBreadcrumbs />
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:py-8">
          <Outlet />
        </main>
      </div>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        returnFocusTo={menuButton}
        home={isDriver ? '/admin/round' : undefined}
      >
        {nav(() => setDrawerOpen(false))}
      </Drawer>
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}

/** What a non-admin sees under /admin: the shop's not-found page in a plain frame (no menu). */
function Refused() {
  return (
    <div className="min-h-dvh bg-cream">
      <main id="main-content">
        <NotFoundView />
      </main>
    </div>
  );
}

/**
 * Any 401 answered to a back-office read or write means the server has ended the session (idle, at
 * its cap, or revoked): the session ends here too, and the layout goes to the login page with this
 * page in `next`, instead of the page saying "please sign in" with a "try again" that cannot work.
 */
function useEndSessionOnUnauthorized() {
  const client = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (isApiError(error) && error.status === 401) session.end('unauthorized');
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);
}

export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const { user, endReason } = useSessionState();
  const location = useLocation();
  // The catch-all route (an unknown path) has a `*` parameter: no page to come back to.
  const knownPage = !('*' in useParams());
  // A session this browser knows has ended needs no question; otherwise the server says who this
  // is (a session cookie may exist that this tab has not heard of: a customer's, or an admin's).
  const ended = !user && endReason !== null;
  const me = useAdminMe(!ended);
  const status = me.isError && isApiError(me.error) ? me.error.status : null;
  useEffect(() => {
    // The server no longer knows this session: end it here too.
    if (status === 401) session.end('unauthorized');
  }, [status]);

  const toLogin = <Navigate to={adminLoginPath(`${location.pathname}${location.search}`)} replace />;
  if (ended) {
    if (endReason === 'logout') return <Navigate to={adminLoginPath()} replace />;
    return knownPage ? toLogin : <Refused />;
  }
  if (me.isPending) return <PageFallback />;
  if (me.isError) {
    if (status === 401 && knownPage) return toLogin;
    if (status === 401 || status === 403 || status === 404) return <Refused />;
    return (
      <div className="flex min-h-dvh items-center justify-center bg-cream p-6">
        <ErrorState message={t('state.loadFailed')} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </div>
    );
  }
  const isDriver = me.data.role === 'driver';
  // A driver reaches only its round and its profile (the server answers 403 to anything else).
  const [, lang = '', path = location.pathname] = /^(\/(?:en|ar))?(\/.*)$/.exec(location.pathname) ?? [];
  const driverPage = DRIVER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
  if (isDriver && !driverPage) return <Navigate to={`${lang}/admin/round`} replace />;
  return <AdminFrame isSuperAdmin={me.data.role === 'super_admin'} isDriver={isDriver} name={me.data.name} />;
}
