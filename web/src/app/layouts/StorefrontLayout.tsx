import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress, SkipLink } from '@web/components/ui/page-frame';
import { useHeadAddress } from '@web/lib/head';
import { Footer } from './Footer';
import { Header } from './Header';

const BackgroundTasks = lazy(() => import('./BackgroundTasks'));

export function StorefrontLayout() {
  useHeadAddress();
  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <SkipLink />
      <NavigationProgress />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>
        <BackgroundTasks />
      </Suspense>
      {/* A fresh page load always has the key "default": key it by path instead, so opening another
          address in the same tab does not land scrolled to where the previous page was left. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}

