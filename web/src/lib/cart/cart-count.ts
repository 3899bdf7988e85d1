/**
 * The number shown on the header's cart badge: the server cart's `summary.count` (or the local
 * fallback cart's when the server cannot be reached). Every cart read and write calls
 * `setCartCount`. The cart itself is loaded behind every page by app/layouts/BackgroundTasks.tsx,
 * which stays out of the first download.
 */
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();

export function setCartCount(next: number): void {
  const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
  if (value === count) return;
  count = value;
  for (const listener of listeners) listener();
}

export const getCartCount = (): number => count;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, getCartCount, getCartCount);
}
