/**
 * The wishlist: a local list of products under localStorage `wishlist`, shared by every
 * component through `useWishlist()`, kept in step across tabs. Adding a product already there does
 * nothing. For a logged-in customer the list also lives on the account: after login
 * `mergeWithAccount()` sends the union of both lists (PUT), then every change also goes to the
 * server while `setAccountSync(true)` is on (`features/wishlist/sync.ts` drives this from the session).
 */
import { useSyncExternalStore } from 'react';
import type { Wishlist, WishlistProduct } from '@shared/schemas/wishlist';
import { api } from '@web/lib/api';
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
const NO_ITEMS: WishlistItem[] = [];

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

let accountSync = false;

/** Server writes are best effort: the local list stays the customer's view; a failure is logged. */
function push(write: () => Promise<unknown>): void {
  if (!accountSync) return;
  write().catch((error: unknown) => console.warn('Wishlist sync failed', error));
}

/** What the wishlist keeps of a product the server describes. */
export function fromWishlistProduct(p: WishlistProduct): WishlistItem {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    discount: p.discount,
    final_price: p.final_price,
    image_url: p.image_url,
    in_stock: p.in_stock,
  };
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
    push(() => api.post(`/wishlist/${item.id}`));
    return true;
  },
  remove(id: number): boolean {
    if (!wishlist.has(id)) return false;
    commit(items.filter((item) => item.id !== id));
    push(() => api.delete(`/wishlist/${id}`));
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
    push(() => api.put('/wishlist', { product_ids: [] }));
  },
  /** Turns the account sync on (logged in) or off (visitor). */
  setAccountSync(enabled: boolean): void {
    accountSync = enabled;
  },
  isAccountSynced: (): boolean => accountSync,
  /**
   * After login: the union of the local list and the account's (local order first), sent with PUT;
   * the server's product data fills in what the local entries lack. Turns the sync on. A tap made
   * while the merge is in flight (the page has just started, the PUT is on its way) is kept and sent
   * after it: the merged list alone would silently undo it.
   */
  async mergeWithAccount(): Promise<void> {
    const server = await api.get<Wishlist>('/wishlist');
    const sent = items;
    const ids = [...sent.map((i) => i.id)];
    for (const id of server.product_ids) if (!ids.includes(id)) ids.push(id);
    const merged = await api.put<Wishlist>('/wishlist', { product_ids: ids });
    const sentIds = new Set(sent.map((i) => i.id));
    const nowIds = new Set(items.map((i) => i.id));
    const added = items.filter((i) => !sentIds.has(i.id));
    const removed = sent.filter((i) => !nowIds.has(i.id)).map((i) => i.id);
    const known = new Map(items.map((i) => [i.id, i]));
    const byId = new Map(merged.products.map((p) => [p.id, p]));
    // Keep the merged order; products the server dropped (deleted) disappear.
    const next = merged.product_ids
      .filter((id) => !removed.includes(id))
      .map((id) => {
        const product = byId.get(id);
        return { ...(product ? fromWishlistProduct(product) : {}), ...known.get(id), id } as WishlistItem;
      });
    for (const item of added) if (!next.some((i) => i.id === item.id)) next.push(item);
    accountSync = true;
    commit(next);
    for (const item of added) push(() => api.post(`/wishlist/${item.id}`));
    for (const id of removed) push(() => api.delete(`/wishlist/${id}`));
  },
  /** Re-reads localStorage (tests, or after another part of the app wrote it). */
  reload(): void {
    items = load();
    for (const listener of listeners) listener();
  },
};

export function useWishlist() {
  // The server draws every page with an empty list; hydration starts from it, then reads the stored one.
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => NO_ITEMS,
  );
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
