/**
 * What product search matches besides plain substrings: for every word, a small set of KEYS (the
 * word, its stems, and for Arabic its consonant skeleton), and for words of five letters or more its
 * single-letter DELETIONS, so one wrong, missing, extra or swapped letter still finds the product.
 *
 * A product's search row (`product_search`) stores the keys of its names, tags and descriptions
 * (`search_keys`), the keys of its names alone (`name_keys`, for ranking) and the deletions of its
 * name and tag words (`search_fuzzy`); a query word matches when the arrays overlap (GIN, `&&`).
 *
 * Why deletions: two words one edit apart always share a deletion (or one is a deletion of the
 * other): "tulipe"/"tulpe", "tulipe"/"tulipz" (both give "tulip"), "tulipe"/"tluipe" (both give
 * "tuipe"). It needs no distance computation at query time and is exact, unlike trigram similarity,
 * which scores a one-letter typo of a five-letter word around 0.4.
 *
 * Why our own Arabic stemmer: Snowball's Arabic stemmer (in @orama/stemmers) strips a leading "و" as
 * the conjunction "and", turning "ورود" (roses) into "رود", and it cannot relate broken plurals to their
 * singular. A light stemmer (article, attached prepositions, plural and feminine endings) plus the
 * skeleton (long vowels inside the word removed: ورود → ورد, زهور → زهر, أبيض/بيضاء → بيض) relates the
 * forms shoppers type. French and English words go through Snowball (@orama/stemmers).
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { normalizeSearch } from '../../../shared/text.js';

/**
 * Bump when the keys change: products with an older version are re-indexed at start. 2: œ and æ
 * spelt out as "oe" and "ae" (shared/text.ts), so rows written before hold the ligature.
 */
export const SEARCH_INDEX_VERSION = 2;
/** Words this long or longer tolerate one wrong letter. */
export const FUZZY_MIN_LENGTH = 5;

const ARABIC = /[\u0600-\u06FF]/;
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
// After normalisation taa marbuta is "ه" and a final hamza is gone ("حمراء" → "حمرا").
const ARABIC_SUFFIXES = ['ات', 'ون', 'ين', 'ان', 'ها', 'ا', 'ه'];
const WEAK = new Set(['ا', 'و', 'ي']);

/** Words of a text, normalised (lower case, no accents or harakat), punctuation out. */
export function searchTokens(text: string): string[] {
  return normalizeSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Light Arabic stem: article and attached prepositions, plural, dual and feminine endings. */
export function arabicStem(word: string): string {
  let w = word;
  const prefix = ARABIC_PREFIXES.find((p) => w.startsWith(p) && [...w].length - [...p].length >= 3);
  if (prefix) w = w.slice(prefix.length);
  const suffix = ARABIC_SUFFIXES.find((s) => w.endsWith(s) && [...w].length - [...s].length >= 3);
  if (suffix) w = w.slice(0, -suffix.length);
  return w;
}

/** The consonant skeleton of a stem: a leading alef of a 4-letter word and inner long vowels out. */
export function arabicSkeleton(stem: string): string {
  const letters = [...stem];
  if (letters.length === 4 && letters[0] === 'ا') letters.shift();
  for (let i = letters.length - 2; i >= 1 && letters.length > 3; i--) {
    if (WEAK.has(letters[i])) letters.splice(i, 1);
  }
  return letters.join('');
}

/** The keys of one normalised word. */
export function wordKeys(word: string): string[] {
  const keys = new Set([word]);
  if (ARABIC.test(word)) {
    const stem = arabicStem(word);
    keys.add(stem).add(arabicSkeleton(stem));
  } else if (/\p{L}/u.test(word) && [...word].length > 3) {
    keys.add(frenchStem(word)).add(englishStem(word));
  }
  return [...keys].filter(Boolean);
}

/** A word without one of its letters, each way; none for words shorter than FUZZY_MIN_LENGTH. */
export function deletions(word: string): string[] {
  const letters = [...word];
  if (letters.length < FUZZY_MIN_LENGTH) return [];
  return [...new Set(letters.map((_, i) => [...letters.slice(0, i), ...letters.slice(i + 1)].join('')))];
}

export interface ProductSearchIndex {
  /** Normalised names and tags: substring search and "part of a name" ranking. */
  text: string;
  keys: string[];
  nameKeys: string[];
  fuzzy: string[];
}

const keysOf = (words: Iterable<string>) => [...new Set([...words].flatMap(wordKeys))];

/** Everything search keeps for one product, from its texts in every language. */
export function productSearchIndex(texts: { names: string[]; tags: string[]; descriptions: string[] }): ProductSearchIndex {
  const nameWords = texts.names.flatMap(searchTokens);
  const tagWords = texts.tags.flatMap(searchTokens);
  const descriptionWords = texts.descriptions.flatMap(searchTokens);
  return {
    text: normalizeSearch([...texts.names, ...texts.tags].join(' ').replace(/,/g, ' ')),
    keys: keysOf([...nameWords, ...tagWords, ...descriptionWords]),
    nameKeys: keysOf(nameWords),
    fuzzy: [...new Set([...nameWords, ...tagWords].flatMap(deletions))],
  };
}

export interface QueryWord {
  word: string;
  keys: string[];
  /** The word and its deletions, when it is long enough to tolerate a typo. */
  typo: string[] | null;
}

/**
 * The words of a search term (split on spaces, like `search_text`) with what each may match. A word
 * with punctuation inside ("mini-rose", "m’gouna", "r_se") is matched as typed, as a substring only.
 */
export function queryWords(term: string, maxWords: number): QueryWord[] {
  const normal = normalizeSearch(term);
  if (!normal) return [];
  return [...new Set(normal.split(' '))].slice(0, maxWords).map((word) => {
    if (!/^[\p{L}\p{N}]+$/u.test(word)) return { word, keys: [], typo: null };
    const dels = deletions(word);
    return { word, keys: wordKeys(word), typo: dels.length ? [word, ...dels] : null };
  });
}

/** A PostgreSQL text[] literal (values quoted, so any character is safe). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
