/**
 * A product's tags, typed as one text: separated by the Latin comma or the Arabic one (،, which an
 * Arabic keyboard gives), and stored with the Latin comma only, so every reader that splits on ","
 * (the shop's cards, search, the order lines) finds each tag on its own.
 */
const SEPARATORS = /[,،]/;

/** The tags of a text, trimmed, without empty ones or repeats (first spelling kept). */
export function splitTags(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(SEPARATORS)) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The text stored for typed tags: "roses, أحمر، mariage" -> "roses, أحمر, mariage". */
export function normaliseTags(text: string | null | undefined): string {
  return splitTags(text).join(', ');
}
