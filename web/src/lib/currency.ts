/**
 * The currency a visitor reads approximate prices in (shared/currency.ts): MAD by default, EUR or USD
 * when chosen in the header. Remembered in a cookie, like the language, so the server draws its pages
 * in it and the page never shows the other currency first; on the server the render's own value is
 * read (set by entry-server.tsx). Only catalogue prices show the approximation; the cart, checkout and
 * every charge stay in MAD.
 */
import { useSyncExternalStore } from 'react';
import { CURRENCY_COOKIE, toCurrency, type Currency } from '@shared/currency';

/** On the server, the currency of the page being rendered. */
let serverSource: (() => Currency | undefined) | null = null;
export function setCurrencySource(source: () => Currency | undefined): void {
  serverSource = source;
}

const listeners = new Set<() => void>();
let chosen: Currency | null = null;

function readCookie(): Currency {
  if (typeof document === 'undefined') return 'MAD';
  const match = new RegExp(`(?:^|;\\s*)${CURRENCY_COOKIE}=([^;]*)`).exec(document.cookie);
  return toCurrency(match?.[1]);
}

/** The currency in use now. */
export function currentCurrency(): Currency {
  const fromServer = serverSource?.();
  if (fromServer) return fromServer;
  chosen ??= readCookie();
  return chosen;
}

/** Chooses a currency: remembered in the cookie, every price on screen redrawn. */
export function chooseCurrency(currency: Currency): void {
  chosen = currency;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The currency in use, redrawn when the visitor chooses another. */
export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, currentCurrency, currentCurrency);
}
