/**
 * Signed links that let a guest (no account) follow one order: the confirmation e-mail carries
 * `/orders/track/<id>?token=<HMAC>`. The token is an HMAC-SHA256 of the order id and the customer's
 * e-mail under a server secret, so it cannot be guessed or moved to another order, and needs no column.
 *
 * The secret is 32 random bytes created on first use in DATA_DIR/secrets/order-links.key (mode 0600).
 * Several server processes must share that file (as they share DATA_DIR/uploads); replacing it
 * invalidates every link already mailed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

export function orderTrackingToken(dataDir: string, orderId: number, customerEmail: string): string {
  return createHmac('sha256', orderLinkKey(dataDir))
    .update(`order-track:v1:${orderId}:${customerEmail.trim().toLowerCase()}`)
    .digest('base64url');
}

/** The link to put in the order confirmation e-mail (the web app's /orders/track/:id page). */
export function orderTrackingUrl(config: { dataDir: string; publicUrl: string }, orderId: number, customerEmail: string): string {
  return `${config.publicUrl}/orders/track/${orderId}?token=${orderTrackingToken(config.dataDir, orderId, customerEmail)}`;
}

export function verifyOrderTrackingToken(dataDir: string, orderId: number, customerEmail: string, token: string): boolean {
  const expected = Buffer.from(orderTrackingToken(dataDir, orderId, customerEmail));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
