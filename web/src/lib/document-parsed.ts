/**
 * Resolves once the page's HTML is parsed (at once if it already is).
 *
 * The app's script can run while a large server-drawn page is still arriving: the inline starter
 * starts it at the first contentful paint, and a script added by script runs as soon as it is loaded,
 * not after parsing. The hydration state (`#flora-ssr`) is at the end of the page, so reading it
 * earlier found nothing, and the app threw the server's page away and fetched every read again.
 */
export function documentParsed(doc: Document = document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}
