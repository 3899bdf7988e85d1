/**
 * A small in-process cache with a time limit and a size bound, holding promises so that concurrent
 * identical lookups share one database query (single flight). Failed lookups are not kept.
 *
 * Expired entries leave as soon as the cache stores anything (not only when read again, nor only when
 * the bound is reached): a cache of answers kept 5 seconds then holds about 5 seconds of traffic,
 * instead of filling to its bound with answers nobody may read any more and holding them for good.
 *
 * A cache of JSON text is also bounded by what its texts weigh (`maxBytes`): an answer's size depends
 * on the request (a page of 100 products weighs five of 20, an Arabic text twice a French one), so a
 * count alone does not bound the memory, and a heap limit that holds a small catalogue's traffic must
 * hold a large one's too.
 */
import { countCatalogueCacheLookups } from '../../../lib/cache-lookups.js';

interface Entry<V> {
  expires: number;
  value: Promise<V>;
  /** What the value weighs once it has arrived (0 before). */
  bytes: number;
}

/** What a JSON text weighs in memory: two bytes a character at most (V8 keeps Latin-1 text in one). */
export const textBytes = (value: string | null): number => (value === null ? 0 : value.length * 2);

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly weight?: { maxBytes: number; of: (value: V) => number },
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    const kept = hit !== undefined && hit.expires > now;
    countCatalogueCacheLookups(kept ? 1 : 0, kept ? 0 : 1);
    if (kept) return hit.value;
    if (hit) this.remove(key);
    return this.put(key, load(), now);
  }

  /**
   * The values of `keys`, in order: the kept ones as they are, the others by ONE call of
   * `loadMissing` (whose answer each missing key then keeps; a key it leaves out gets `fallback`).
   */
  async getMany(keys: readonly string[], loadMissing: (missing: string[]) => Promise<Map<string, V>>, fallback: V): Promise<V[]> {
    const now = Date.now();
    const found: Promise<V>[] = [];
    const missing: string[] = [];
    const slots: number[] = [];
    keys.forEach((key, i) => {
      const hit = this.ttlMs > 0 ? this.entries.get(key) : undefined;
      if (hit && hit.expires > now) found[i] = hit.value;
      else {
        missing.push(key);
        slots.push(i);
      }
    });
    if (this.ttlMs > 0) countCatalogueCacheLookups(keys.length - missing.length, missing.length);
    if (missing.length > 0) {
      const batch = loadMissing(missing);
      missing.forEach((key, j) => {
        const value = batch.then((m) => (m.has(key) ? m.get(key)! : fallback));
        found[slots[j]!] = this.ttlMs > 0 ? this.put(key, value, now) : value;
      });
    }
    return Promise.all(found);
  }

  /** Replaces what is kept for `key` (e.g. a value found to be out of date). */
  set(key: string, value: Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return value;
    this.remove(key);
    return this.put(key, value, Date.now());
  }

  delete(key: string): void {
    this.remove(key);
  }

  /** Entries held (expired ones included until the next store). */
  get size(): number {
    return this.entries.size;
  }

  /** What the arrived values weigh (0 without a weight bound). */
  get heldBytes(): number {
    return this.bytes;
  }

  private put(key: string, value: Promise<V>, now: number): Promise<V> {
    this.dropExpired(now);
    const entry: Entry<V> = { expires: now + this.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (arrived) => {
        if (!this.weight || this.entries.get(key) !== entry) return;
        entry.bytes = this.weight.of(arrived);
        this.bytes += entry.bytes;
        // Maps iterate in insertion order: the oldest go first (this one too, if it alone is too heavy).
        for (const k of this.entries.keys()) {
          if (this.bytes <= this.weight.maxBytes) break;
          this.remove(k);
        }
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    if (this.entries.size > this.maxEntries) {
      // Drop the oldest tenth.
      let drop = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.remove(k);
      }
    }
    return value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /**
   * Every entry is stored with the same lifetime and re-stored at the end (`set` deletes first), so
   * the Map's insertion order is the order of expiry: the expired ones are at its start, and the sweep
   * stops at the first live one (a store costs O(1) amortised).
   */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) break;
      this.remove(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
