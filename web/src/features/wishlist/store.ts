/**
 * The wishlist: a local list of products under localStorage `wishlist` (spec), shared by every
 * component through `useWishlist()`, kept in step across tabs. Adding a product already there does
 * nothing. Later work may also sync it to the account.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '@web/lib/storage';

/** What the wishlist keeps of a product: enough to show a card without asking the server. */
export type WishlistItem = {
  id: number;
  name?: string;
  price?: number;
  discount?: number;
  image_path?: string | null;
  image_url?: string | null;
  [extra: string]: unknown;
};

const isItemList = (value: unknown): value is WishlistItem[] =>
  Array.isArray(value) && value.every((v) => v && typeof v === 'object' && typeof (v as WishlistItem).id === 'number');

type Listener = () => void;
const listeners = new Set<Listener>();
let items: WishlistItem[] = load();

function load(): WishlistItem[] {
  const stored = readJson<unknown>(STORAGE_KEYS.wishlist, []);
  if (!Array.isArray(stored)) return [];
  // Keep valid entries only, one per product id.
  const seen = new Set<number>();
  return stored.filter((v): v is WishlistItem => {
    if (!isItemList([v]) || seen.has((v as WishlistItem).id)) return false;
    seen.add((v as WishlistItem).id);
    return true;
  });
}

function commit(next: WishlistItem[]): void {
  items = next;
  writeJson(STORAGE_KEYS.wishlist, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.wishlist || event.key === null) {
      items = load();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const wishlist = {
  items: (): WishlistItem[] => items,
  has: (id: number): boolean => items.some((item) => item.id === id),
  count: (): number => items.length,
  /** Returns false when the product was already there (nothing changes). */
  add(item: WishlistItem): boolean {
    if (wishlist.has(item.id)) return false;
    commit([...items, item]);
    return true;
  },
  remove(id: number): boolean {
    if (!wishlist.has(id)) return false;
    commit(items.filter((item) => item.id !== id));
    return true;
  },
  /** Adds or removes; returns true when the product is in the list afterwards. */
  toggle(item: WishlistItem): boolean {
    if (wishlist.remove(item.id)) return false;
    wishlist.add(item);
    return true;
  },
  clear(): void {
    commit([]);
  },
  /** Re-reads localStorage (tests, or after another part of the app wrote it). */
  reload(): void {
    items = load();
    for (const listener of listeners) listener();
  },
};

export function useWishlist() {
  const list = useSyncExternalStore(subscribe, () => items, () => items);
  return {
    items: list,
    count: list.length,
    has: (id: number) => list.some((item) => item.id === id),
    add: wishlist.add,
    remove: wishlist.remove,
    toggle: wishlist.toggle,
    clear: wishlist.clear,
  };
}
