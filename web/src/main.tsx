// First: settings read by the libraries the pages' chunks bring.
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/AppRouter';
import { createHydratedRouter } from './app/router';
import { hydrationStarting } from './components/ui/HydrateLater';
import type { HydrationState } from './entry-server';
import { documentParsed } from './lib/document-parsed';
import { initI18n } from './lib/i18n';
import { settleAddressLanguage } from './lib/locale-address';
import { queryClient } from './lib/query-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The address's language before the texts load (lib/locale-address.ts).
const basename = settleAddressLanguage();

/** The server's render of this page (entry-server.tsx), unless the address moved to another language. */
function serverState(): HydrationState | null {
  const script = document.getElementById('flora-ssr');
  if (!script?.textContent) return null;
  try {
    const state = JSON.parse(script.textContent) as HydrationState;
    return state.basename === basename ? state : null;
  } catch {
    return null;
  }
}

async function start(root: HTMLElement): Promise<void> {
  // Texts first (French is bundled; another stored language loads in one small request), and the
  // whole page parsed (the server's state is at its end), then the app.
  await Promise.all([initI18n().catch((error: unknown) => console.error('i18n failed to start', error)), documentParsed()]);
  const state = serverState();
  if (state) {
    // The page is already on screen: take it over with the server's data (no second request).
    hydrate(queryClient, state.queries);
    const router = await createHydratedRouter(basename, { loaderData: state.router.loaderData, actionData: state.router.actionData });
    // Regions marked to hydrate later (components/ui/HydrateLater.tsx) wait during this hydration.
    hydrationStarting();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (a phone stays responsive to a tap while the app takes over; as
    // React Router's own entry does).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AppProviders>
            <AppRouter basename={basename} initial={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
    return;
  }
  // A server render in another language (the visitor's stored choice moved the address) is dropped.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter basename={basename} />
      </AppProviders>
    </StrictMode>,
  );
}

void start(container);
