/**
 * The contract between the server and the storefront's server renderer (web/src/entry-server.tsx,
 * built into `dist/web-ssr/entry-server.js` and loaded by server/site/ssr.ts): what a render is given
 * and what it answers. Both sides import it, so a field added on one side is seen by the other.
 */
import type { Locale } from './constants.js';
import type { Currency } from './currency.js';

/** What the server knows of a visitor that changes a page, never who they are (pages are kept and shared). */
export interface VisitorState {
  /** Neither a cart nor a session cookie: their cart is the empty one, drawn as such. */
  newVisitor: boolean;
  /** The currency of approximate catalogue prices (the `currency` cookie); MAD shows none. */
  currency?: Currency;
}

export interface RenderInput extends VisitorState {
  /** The address as asked, with its language prefix and query (`/ar/shop?page=2`). */
  url: string;
  locale: Locale;
  /** Answers the app's `/api/...` requests (the server's routes, in-process). */
  fetch: typeof fetch;
}

export interface RenderOutput {
  /** The inside of `<div id="root">`. */
  html: string;
  /** JSON of the page's hydration state (the web app's own shape), safe inside a `<script>` element. */
  state: string;
}

/**
 * The renderer's entry point: the page drawn, or null when it cannot be drawn on the server (a route
 * redirected or failed), and the server sends the shell for the browser to draw.
 */
export type RenderPage = (input: RenderInput) => Promise<RenderOutput | null>;
