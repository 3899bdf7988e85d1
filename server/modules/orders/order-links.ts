/**
 * Signed links that let a guest (no account) follow one order: the confirmation e-mail and the
 * checkout's answer to the guest carry `/orders/track/<id>?token=<sent>.<HMAC>`. The token is an
 * HMAC-SHA256 of the order id, the customer's e-mail and when the link was sent under a server secret,
 * so it cannot be guessed, moved to another order or made younger, and needs no column. A link works until TRACKING_LINK_DAYS after the later of
 * its sending and the order's end (delivered or cancelled); the tracking page mails a fresh one.
 *
 * The secret is 32 random bytes created on first use in DATA_DIR/secrets/order-links.key (mode 0600).
 * Several server processes must share that file (as they share DATA_DIR/uploads); replacing it
 * invalidates every link already mailed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/constants.js';
import { localePath } from '../../../shared/locale-address.js';

const keys = new Map<string, Buffer>();

function readKey(file: string): Buffer | null {
  try {
    const hex = readFileSync(file, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The order-link secret of a data folder, created once (safe when two processes race to create it). */
export function orderLinkKey(dataDir: string): Buffer {
  const file = path.resolve(dataDir, 'secrets', 'order-links.key');
  const cached = keys.get(file);
  if (cached) return cached;
  let key = readKey(file);
  if (!key) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = readKey(file);
    if (!key) throw new Error(`Unreadable order-link secret in ${file}`);
  }
  keys.set(file, key);
  return key;
}

/** How long a tracking link works: 90 days after the order ended (delivered or cancelled), or after it was sent if later. */
export const TRACKING_LINK_DAYS = 90;

const sign = (dataDir: string, text: string) => createHmac('sha256', orderLinkKey(dataDir)).update(text).digest('base64url');

/**
 * The token of a tracking link. v1 (43 characters, links mailed before expiry existed) signs the order
 * and the address; v2 `<issued, base-36 seconds>.<signature>` also signs when the link was sent.
 */
export function orderTrackingToken(dataDir: string, orderId: number, customerEmail: string, issuedAt?: Date): string {
  const email = customerEmail.trim().toLowerCase();
  if (!issuedAt) return sign(dataDir, `order-track:v1:${orderId}:${email}`);
  const issued = Math.floor(issuedAt.getTime() / 1000).toString(36);
  return `${issued}.${sign(dataDir, `order-track:v2:${orderId}:${email}:${issued}`)}`;
}

/**
 * The address of a tracking link inside the site, sent now: the web app's /orders/track/:id page in the
 * order's language with its token (`/ar/orders/track/12?token=...`). The confirmation shown to a guest
 * right after the checkout carries it as it is; a mail puts the site's address in front.
 */
export function orderTrackingPath(
  dataDir: string,
  orderId: number,
  customerEmail: string,
  issuedAt: Date = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${localePath(locale, `/orders/track/${orderId}`)}?token=${orderTrackingToken(dataDir, orderId, customerEmail, issuedAt)}`;
}

/** The link to put in an e-mail (the web app's /orders/track/:id page in the mail's language), sent now. */
export function orderTrackingUrl(
  config: { dataDir: string; publicUrl: string },
  orderId: number,
  customerEmail: string,
  issuedAt: Date = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${config.publicUrl}${orderTrackingPath(config.dataDir, orderId, customerEmail, issuedAt, locale)}`;
}

/**
 * Checks a token's signature. Returns when the link was sent (a v1 link: null, the caller takes the
 * order's creation), or false when the token is not this order's.
 */
export function verifyOrderTrackingToken(dataDir: string, orderId: number, customerEmail: string, token: string): Date | null | false {
  const dot = token.indexOf('.');
  let issuedAt: Date | null = null;
  let expected: string;
  if (dot < 0) {
    expected = orderTrackingToken(dataDir, orderId, customerEmail);
  } else {
    const issued = token.slice(0, dot);
    if (!/^[0-9a-z]{1,10}$/.test(issued)) return false;
    issuedAt = new Date(parseInt(issued, 36) * 1000);
    expected = `${issued}.${sign(dataDir, `order-track:v2:${orderId}:${customerEmail.trim().toLowerCase()}:${issued}`)}`;
  }
  const a = Buffer.from(expected);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? issuedAt : false;
}

/**
 * When a link sent at `issuedAt` stops working: TRACKING_LINK_DAYS after the later of its sending and
 * the order's end (delivered or cancelled). An order still open keeps its links working.
 */
export function trackingLinkExpiry(issuedAt: Date, endedAt: Date | null): Date | null {
  if (!endedAt) return null;
  const from = Math.max(issuedAt.getTime(), endedAt.getTime());
  return new Date(from + TRACKING_LINK_DAYS * 86_400_000);
}
