import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { afterStart, HydrateLater } from '@web/components/ui/HydrateLater';
import { NavigationProgress, SkipLink } from '@web/components/ui/page-frame';
import { useHeadAddress } from '@web/lib/head';
import { Footer } from './Footer';
import { Header } from './Header';

const BackgroundTasks = lazy(() => import('./BackgroundTasks'));

export function StorefrontLayout() {
  useHeadAddress();
  // The cart badge, the wishlist sync and the session watch (with its texts) start once the page has
  // loaded and the browser is idle: the first screen needs none of them, and the server draws none.
  const [background, setBackground] = useState(false);
  useEffect(() => afterStart(() => setBackground(true)), []);
  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <SkipLink />
      <NavigationProgress />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {/* Below every page's first screen: hydrated when it nears the screen or the browser is idle. */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      {background && (
        <Suspense fallback={null}>
          <BackgroundTasks />
        </Suspense>
      )}
      {/* A fresh page load always has the key "default": key it by path instead, so opening another
          address in the same tab does not land scrolled to where the previous page was left. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}
