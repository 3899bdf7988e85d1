/** localStorage that never throws (private mode, quota, disabled storage) and parses JSON safely. */

export const STORAGE_KEYS = {
  language: 'language',
  wishlist: 'wishlist',
  cart: 'cart',
  customProducts: 'custom_products',
  isCustomizedOrder: 'is_customized_order',
  user: 'user',
  sessionExpiry: 'session_expiry',
} as const;

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: keep working in memory */
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function readJson<T>(key: string, fallback: T, guard?: (value: unknown) => value is T): T {
  const raw = readString(key);
  if (raw == null) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (guard && !guard(parsed)) return fallback;
    return parsed as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
