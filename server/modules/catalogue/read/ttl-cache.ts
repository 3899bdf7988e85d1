/**
 * A small in-process cache with a time limit and a size bound, holding promises so that concurrent
 * identical lookups share one database query (single flight). Failed lookups are not kept.
 *
 * Expired entries leave as soon as the cache stores anything (not only when read again, nor only when
 * the bound is reached): a cache of answers kept 5 seconds then holds about 5 seconds of traffic,
 * instead of filling to its bound with answers nobody may read any more and holding them for good.
 *
 * The oldest entries are found in a queue of their own, not by walking the Map from its start: a Map
 * keeps the slots of deleted keys until it grows again, and a walk from its start steps over each of
 * them, so a full cache dropping its oldest entry at every store spent its time there (product pages
 * of a 100,000-product catalogue 15 % slower with the cards bounded by weight).
 *
 * A cache of JSON text is also bounded by what its texts weigh (`maxBytes`): an answer's size depends
 * on the request (a page of 100 products weighs five of 20, an Arabic text twice a French one), so a
 * count alone does not bound the memory, and a heap limit that holds a small catalogue's traffic must
 * hold a large one's too.
 */
import { countCatalogueCacheLookups } from '../../../lib/cache-lookups.js';

interface Entry<V> {
  key: string;
  expires: number;
  value: Promise<V>;
  /** What the value weighs once it has arrived (0 before). */
  bytes: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /**
   * Every entry stored, in the order stored (= the order of expiry: every entry has the same lifetime),
   * from `head` on; an entry removed since (replaced, deleted, dropped) stays until it reaches the front.
   */
  private queue: Entry<V>[] = [];
  private head = 0;
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
    const entry: Entry<V> = { key, expires: now + this.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    this.queue.push(entry);
    value.then(
      (arrived) => {
        if (!this.weight || this.entries.get(key) !== entry) return;
        entry.bytes = this.weight.of(arrived);
        this.bytes += entry.bytes;
        // The oldest go first (this one too, if it alone is too heavy).
        while (this.bytes > this.weight.maxBytes && this.dropOldest());
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    if (this.entries.size > this.maxEntries) {
      // Drop the oldest tenth.
      for (let drop = Math.ceil(this.maxEntries / 10); drop > 0 && this.dropOldest(); drop--);
    }
    this.compactQueue();
    return value;
  }

  /** The oldest entry still held (the removed ones in front of it leave the queue), if any. */
  private oldest(): Entry<V> | undefined {
    for (; this.head < this.queue.length; this.head++) {
      const entry = this.queue[this.head]!;
      if (this.entries.get(entry.key) === entry) return entry;
    }
    return undefined;
  }

  /** Removes the oldest entry; false when there is none. */
  private dropOldest(): boolean {
    const entry = this.oldest();
    if (!entry) return false;
    this.remove(entry.key);
    return true;
  }

  /**
   * Keeps the queue within twice what the cache holds: the part before `head` is cut off once it is
   * half the queue, and removed entries further in are filtered out once they outnumber the held
   * ones (a key replaced again and again in a cache that neither fills nor expires).
   */
  private compactQueue(): void {
    if (this.head > 0 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.queue.length > 2 * this.entries.size + 64) {
      this.queue = this.queue.filter((entry) => this.entries.get(entry.key) === entry);
      this.head = 0;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** The expired entries are the oldest: the sweep stops at the first live one (a store costs O(1) amortised). */
  private dropExpired(now: number): void {
    for (let entry = this.oldest(); entry && entry.expires <= now; entry = this.oldest()) this.remove(entry.key);
  }

  clear(): void {
    this.entries.clear();
    this.queue = [];
    this.head = 0;
    this.bytes = 0;
  }
}
