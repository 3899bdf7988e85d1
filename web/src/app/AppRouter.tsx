import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Locale } from '@shared/constants';
import { hydrationCommitted } from '@web/components/ui/HydrateLater';
import { LANGUAGE_CHANGED_EVENT, applyToDocument, letAppSetDocumentLanguage, type LanguageChangedDetail } from '@web/lib/i18n';
import { moveToLanguageAddress } from '@web/lib/locale-address';
import { createAppRouter } from './router';

type Shown = { router: ReturnType<typeof createAppRouter>; language: Locale | null };

/**
 * The router, made again with the new language's basename when the visitor switches language, and
 * `<html lang dir>` set in the same commit as the new language's texts.
 */
export function AppRouter({ basename = '/', initial }: { basename?: string; initial?: ReturnType<typeof createAppRouter> }) {
  const [shown, setShown] = useState<Shown>(() => ({ router: initial ?? createAppRouter(basename), language: null }));
  // From here on a tap counts: a server-drawn page is hydrated (the journeys wait for this mark).
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    // The regions left to hydrate later now wait for the screen or an idle moment.
    hydrationCommitted();
  }, []);
  useLayoutEffect(() => {
    if (shown.language) applyToDocument(shown.language);
  }, [shown.language]);
  // A router replaced by another stops listening once the new one is on screen.
  const previous = useRef(shown.router);
  useEffect(() => {
    if (previous.current === shown.router) return;
    previous.current.dispose();
    previous.current = shown.router;
  }, [shown.router]);
  useEffect(() => {
    letAppSetDocumentLanguage(true);
    const onChange = (event: Event) => {
      const { language } = (event as CustomEvent<LanguageChangedDetail>).detail;
      const basename = moveToLanguageAddress(language);
      // Made here, not in the state update: a transition's render can run an update more than once.
      const router = basename === null ? null : createAppRouter(basename);
      setShown((old) => ({ router: router ?? old.router, language }));
    };
    window.addEventListener(LANGUAGE_CHANGED_EVENT, onChange);
    return () => {
      window.removeEventListener(LANGUAGE_CHANGED_EVENT, onChange);
      letAppSetDocumentLanguage(false);
    };
  }, []);
  return <RouterProvider router={shown.router} />;
}
