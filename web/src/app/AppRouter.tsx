import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { hydrationCommitted } from '@web/components/ui/HydrateLater';
import { LANGUAGE_CHANGED_EVENT, type LanguageChangedDetail } from '@web/lib/i18n';
import { moveToLanguageAddress } from '@web/lib/locale-address';
import { createAppRouter } from './router';

/** The router, made again with the new language's basename when the visitor switches language. */
export function AppRouter({ basename = '/', initial }: { basename?: string; initial?: ReturnType<typeof createAppRouter> }) {
  const [router, setRouter] = useState(() => initial ?? createAppRouter(basename));
  // From here on a tap counts: a server-drawn page is hydrated (the journeys wait for this mark).
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    // The regions left to hydrate later now wait for the screen or an idle moment.
    hydrationCommitted();
  }, []);
  useEffect(() => {
    const onChange = (event: Event) => {
      const next = moveToLanguageAddress((event as CustomEvent<LanguageChangedDetail>).detail.language);
      if (next === null) return;
      setRouter((old) => {
        old.dispose();
        return createAppRouter(next);
      });
    };
    window.addEventListener(LANGUAGE_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(LANGUAGE_CHANGED_EVENT, onChange);
  }, []);
  return <RouterProvider router={router} />;
}
