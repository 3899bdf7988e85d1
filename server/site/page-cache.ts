/**
 * Server-drawn pages kept per address, so a page that many shoppers open (a product shared on
 * WhatsApp, the home page) is drawn once rather than for each of them.
 *
 * What a page says depends only on its address: the server draws every page as an anonymous visitor
 * (server/site/ssr.ts), and the session, cart and wishlist fill in on the client. A kept page is
 * used while the catalogue has not changed since it was drawn (`catalogueVersion`: every write under
 * /api/admin, every order, in this process or, through Redis, in another) and for at most `ttlMs`
 * (what depends on the clock: closed days, delivery dates). Its brotli and gzip bytes are kept with it.
 * Only 200 pages drawn for everyone are kept (not 404s, private pages or failures); concurrent first
 * visits to one address share one drawing. Size-bounded, least recently used first out.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { etagOf } from '../modules/catalogue/http-cache.js';
import { textBytes } from '../lib/text-bytes.js';

export type Encoding = 'br' | 'gzip';

/** A page ready to send: its bytes in each encoding are made once, when first asked for. */
export class HtmlPage {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    readonly html: string,
    readonly status: number,
  ) {
    // The moment the server read the page's data (hydration state) is not part of what the page says.
    this.etag = etagOf(html.replace(/"dataUpdatedAt":\d+/g, ''));
  }

  /** Brotli at quality 5 (as API answers) or gzip; a page is 50-150 KB of HTML, 10-20 KB encoded. */
  encode(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br' ? brotliCompressSync(this.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(this.html);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * What a kept page costs in memory: its HTML as V8 holds it (one byte a character, two for a page
 * with any character beyond Latin-1, as every Arabic page), and its brotli and gzip copies (about a
 * seventh of the text each).
 */
export function pageBytes(html: string): number {
  return Math.max(1, Math.round(textBytes(html) + (html.length * 2) / 7));
}

interface Drawn {
  page: HtmlPage;
  /** Whether the page is the same for every visitor and may be kept. */
  keep: boolean;
}

interface Kept {
  page: HtmlPage;
  version: number;
}

export class PageCache {
  private readonly pages: LRUCache<string, Kept> | null;
  private readonly drawing = new Map<string, { version: number; done: Promise<Drawn> }>();

  /**
   * `ttlMs` 0 keeps nothing; `maxBytes` bounds the memory of the pages kept (`pageBytes`). Pages leave
   * at the end of their time, not only when newer ones push them out: a quiet shop does not go on
   * holding the busy hour's pages.
   */
  constructor(ttlMs: number, maxBytes = 16 * 1024 * 1024) {
    this.pages =
      ttlMs > 0
        ? new LRUCache<string, Kept>({
            ttl: ttlMs,
            ttlAutopurge: true,
            maxSize: maxBytes,
            sizeCalculation: (kept) => pageBytes(kept.page.html),
          })
        : null;
  }

  /** The kept page of `address` if the catalogue is still at `version`, else the one `draw` makes. */
  async get(address: string, version: number, draw: () => Promise<Drawn>): Promise<{ page: HtmlPage; hit: boolean }> {
    if (!this.pages) return { page: (await draw()).page, hit: false };
    const kept = this.pages.get(address);
    if (kept && kept.version === version) return { page: kept.page, hit: true };
    const running = this.drawing.get(address);
    if (running && running.version === version) return { page: (await running.done).page, hit: true };
    const done = draw();
    this.drawing.set(address, { version, done });
    try {
      const drawn = await done;
      // Kept under the version it was drawn from: a write meanwhile makes it one nobody uses.
      if (drawn.keep) this.pages.set(address, { page: drawn.page, version });
      return { page: drawn.page, hit: false };
    } finally {
      if (this.drawing.get(address)?.done === done) this.drawing.delete(address);
    }
  }
}
