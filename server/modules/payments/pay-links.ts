/**
 * Payment links the shop sends a customer (`/pay/<token>`): the token is `<order id>.<issued, base-36
 * seconds>.<HMAC-SHA256>` under the order-link secret of DATA_DIR (orders/order-links.ts), so it cannot
 * be guessed, moved to another order or made younger, and needs no column. A link works for
 * PAY_LINK_HOURS after it was made; each opening starts a new attempt.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { localePath } from '../../../shared/locale-address.js';
import type { Locale } from '../../../shared/constants.js';
import { orderLinkKey } from '../orders/order-links.js';

export const PAY_LINK_HOURS = 48;

const sign = (dataDir: string, text: string) =>
  createHmac('sha256', orderLinkKey(dataDir)).update(`pay-link:v1:${text}`).digest('base64url');

export function payLinkToken(dataDir: string, orderId: number, issuedAt: Date): string {
  const head = `${orderId}.${Math.floor(issuedAt.getTime() / 1000).toString(36)}`;
  return `${head}.${sign(dataDir, head)}`;
}

export const payLinkPath = (dataDir: string, orderId: number, issuedAt: Date, locale: Locale): string =>
  localePath(locale, `/pay/${payLinkToken(dataDir, orderId, issuedAt)}`);

export const payLinkExpiry = (issuedAt: Date): Date => new Date(issuedAt.getTime() + PAY_LINK_HOURS * 3_600_000);

/** The order a token names, and whether it still works at `now`; null when the token is not one of ours. */
export function readPayLinkToken(dataDir: string, token: string, now = new Date()): { orderId: number; expired: boolean } | null {
  const match = /^(\d{1,10})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(dataDir, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const issuedAt = new Date(parseInt(match[2], 36) * 1000);
  return { orderId: Number(match[1]), expired: payLinkExpiry(issuedAt) <= now };
}
