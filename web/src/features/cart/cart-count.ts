/**
 * The number shown on the header's cart badge. For now it is set by whoever knows the cart
 * (`setCartCount(n)`); the cart feature wires it to the server cart.
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
