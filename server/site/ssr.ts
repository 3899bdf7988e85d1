/**
 * The storefront's server renderer: `dist/web-ssr/entry-server.js`, made by `npm run build` from
 * web/src/entry-server.tsx. Without that build (API tests, `npm run dev`) pages get the shell with the
 * server-made head and readable `<noscript>` body only, as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../shared/constants.js';
import type { RenderOutput, RenderPage, VisitorState } from '../../shared/server-render.js';
import type { App } from '../types.js';

export type PageRenderer = (url: string, locale: Locale, visitor: VisitorState) => Promise<RenderOutput | null>;

/** The renderer built next to the web app (`<dist>/web-ssr`), or null when it was not built. */
export async function loadRenderer(app: App, webDistDir: string): Promise<PageRenderer | null> {
  const file = path.join(path.dirname(webDistDir), 'web-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const { render } = (await import(pathToFileURL(file).href)) as { render: RenderPage };
  const fetchInProcess = inProcessFetch(app);
  return (url, locale, visitor) => render({ url, locale, fetch: fetchInProcess, ...visitor });
}

/**
 * `fetch` for the renderer's API requests, answered by the server's own routes without a socket
 * (`app.inject`): the same validation, answers and caches a browser gets, as an anonymous visitor.
 */
function inProcessFetch(app: App): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url,
      headers: Object.fromEntries(headers),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };
}
