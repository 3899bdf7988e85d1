import { describe, expect, it } from 'vitest';
import { documentParsed } from './document-parsed';

/** A document in the given parsing state that can fire DOMContentLoaded. */
function fakeDocument(readyState: DocumentReadyState) {
  return Object.assign(new EventTarget(), { readyState }) as unknown as Document;
}

describe('documentParsed', () => {
  it('waits for DOMContentLoaded while the page is still being parsed', async () => {
    const doc = fakeDocument('loading');
    let parsed = false;
    const waiting = documentParsed(doc).then(() => (parsed = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parsed).toBe(false);
    doc.dispatchEvent(new Event('DOMContentLoaded'));
    await waiting;
    expect(parsed).toBe(true);
  });

  it('resolves at once when the page is parsed already', async () => {
    await expect(documentParsed(fakeDocument('interactive'))).resolves.toBeUndefined();
    await expect(documentParsed(fakeDocument('complete'))).resolves.toBeUndefined();
  });
});
