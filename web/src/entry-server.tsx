/**
 * Server rendering of the storefront (built by `vite build --ssr`, loaded by server/site/ssr.ts).
 *
 * The same route tree and query options as the browser: React Router's static handler runs the
 * routes' loaders (lib/route-data.ts), which fill a QueryClient of this request through the app's own
 * API client, answered in-process by the server's routes (`fetch` handed in by the server). React then
 * renders the page once every lazy part is in (`prerenderToNodeStream`), and the query cache and the
 * router's state go along as JSON for hydration (main.tsx).
 *
 * Texts: an i18next instance per language and set of namespaces, holding exactly the namespaces the
 * browser loads before its first render of that page (the route's `handle.namespaces`, `common`, and
 * French as the fallback), so both renders say the same words.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router';
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type ResourceKey } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import { storefrontRoutes } from './app/router';
import { setApiTransport } from './lib/api';
import { setCurrencySource } from './lib/currency';
import { DEFAULT_NAMESPACE, POST_PROCESS, STOREFRONT_NAMESPACES, frenchTypography, setLanguageSource } from './lib/i18n';
import type { PageHandle } from './lib/lazy-page';
import { createQueryClient } from './lib/query-client';
import type { RouteDataContext } from './lib/route-data';
import { basenameFor } from '@shared/locale-address';
import type { RenderInput, RenderOutput, RenderPage } from '@shared/server-render';

/** What main.tsx reads back from `<script type="application/json" id="flora-ssr">`. */
export interface HydrationState {
  basename: string;
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
  queries: DehydratedState;
}

// The request being rendered: its language and its API transport, across every await.
const current = new AsyncLocalStorage<RenderInput>();
setLanguageSource(() => current.getStore()?.locale);
setCurrencySource(() => current.getStore()?.currency ?? 'MAD');
setApiTransport((input, init) => {
  const request = current.getStore();
  if (!request) return Promise.reject(new Error('API request outside a server render'));
  return request.fetch(input, init);
});

// Every storefront text, read once when the server loads this module (the same chunks the browser
// loads one by one).
const files = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/*/admin*.json'], { import: 'default' });
const resources: Record<string, Record<string, ResourceKey>> = {};
await Promise.all(
  Object.entries(files).map(async ([file, load]) => {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (language && namespace) (resources[language] ??= {})[namespace] = await load();
  }),
);

const textInstances = new Map<string, I18n>();

/** A read-only i18next instance with these namespaces of the language and of French (the fallback). */
function textsFor(locale: Locale, namespaces: string[]): I18n {
  const key = `${locale}|${namespaces.join(',')}`;
  let instance = textInstances.get(key);
  if (!instance) {
    const pick = (language: string) => Object.fromEntries(namespaces.map((ns) => [ns, resources[language]?.[ns] ?? {}]));
    instance = createInstance().use(frenchTypography);
    void instance.init({
      postProcess: POST_PROCESS,
      lng: locale,
      supportedLngs: [...LOCALES],
      fallbackLng: DEFAULT_LOCALE,
      load: 'languageOnly',
      ns: namespaces,
      defaultNS: DEFAULT_NAMESPACE,
      resources: { [locale]: pick(locale), [DEFAULT_LOCALE]: pick(DEFAULT_LOCALE) },
      interpolation: { escapeValue: false },
      returnNull: false,
      returnEmptyString: false,
      react: { useSuspense: false },
      initAsync: false,
    });
    textInstances.set(key, instance);
  }
  return instance;
}

// One handler per language prefix: the lazy routes it resolves stay resolved.
const handlers = new Map<string, StaticHandler>();
function handlerFor(basename: string): StaticHandler {
  let handler = handlers.get(basename);
  if (!handler) {
    handler = createStaticHandler(storefrontRoutes, { basename });
    handlers.set(basename, handler);
  }
  return handler;
}

const forScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Renders a storefront page, or answers null when the page cannot be drawn on the server (a route
 * redirected or failed): the server then sends the shell and the browser draws the page, as before.
 */
export const render: RenderPage = (input) => {
  return current.run(input, async () => {
    const basename = basenameFor(input.locale);
    const handler = handlerFor(basename);
    const queryClient = createQueryClient({ server: true });
    try {
      return await renderWith(input, basename, handler, queryClient);
    } finally {
      // The answers now live in the page's state only; nothing of this render stays in memory.
      queryClient.clear();
    }
  });
};

/** One render with its own query client (`render` clears it after). */
async function renderWith(
  input: RenderInput,
  basename: string,
  handler: ReturnType<typeof handlerFor>,
  queryClient: QueryClient,
): Promise<RenderOutput | null> {
  const requestContext: RouteDataContext = { queryClient, newVisitor: input.newVisitor === true };
  const context = await handler.query(new Request(new URL(input.url, 'http://localhost')), { requestContext });
  if (context instanceof Response || context.errors) return null;

  // A failed request is left to the browser, which shows its own error or not-found state: drawing it
  // here would need the error itself to survive the trip, and the browser retries anyway.
  for (const query of queryClient.getQueryCache().findAll()) {
    if (query.state.status !== 'success') queryClient.getQueryCache().remove(query);
  }

  const handles = context.matches.filter((m) => m.route.lazy || m.route.Component).map((m) => m.route.handle as PageHandle | undefined);
  const pageNamespaces =
    handles.some((h) => h && !h.namespaces) || handles.every((h) => !h)
      ? STOREFRONT_NAMESPACES
      : handles.flatMap((h) => h?.namespaces ?? []);
  const texts = textsFor(input.locale, [...new Set([DEFAULT_NAMESPACE, ...pageNamespaces])].sort());

  const router = createStaticRouter(handler.dataRoutes, context);
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={texts}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>,
    // Every Suspense boundary written in place, whatever its size: React would otherwise send a large
    // one (the regions that hydrate later, components/ui/HydrateLater.tsx) after its fallback, to be
    // moved in by an inline script, which the page's CSP blocks and a visitor without JavaScript
    // never runs. The page is rendered whole before it is sent anyway.
    { onError: (error) => void (failed ??= error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  if (failed) throw failed;

  const state: HydrationState = {
    basename,
    router: { loaderData: context.loaderData, actionData: context.actionData },
    queries: dehydrate(queryClient),
  };
  return { html, state: forScript(state) };
}
