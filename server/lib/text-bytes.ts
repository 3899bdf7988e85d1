/**
 * What a string's characters take in V8's heap: one byte each when every one is Latin-1 (French and
 * English text), two each when any one is beyond it (every Arabic text). The caches bounded by memory
 * count with it: two bytes for every character would keep half the French and English texts that fit.
 */
// eslint-disable-next-line no-control-regex
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

export const textBytes = (text: string): number => text.length * (BEYOND_LATIN1.test(text) ? 2 : 1);
