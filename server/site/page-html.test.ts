import { describe, expect, it } from 'vitest';
import { fontsFor } from './page-html.js';

const shell = [
  '<head>',
  '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin-wght-400-700-DmP3xQ1c.woff2" />',
  '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/playfair-display-latin-600-normal-CZLGqjJe.woff2" />',
  '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-naskh-arabic-core-wght-B3kq9F0a.woff2" />',
  '</head>',
].join('\n');

describe('font preloads by language', () => {
  it('preloads only the Arabic face on Arabic pages', () => {
    const html = fontsFor(shell, 'ar');
    expect(html).toContain('noto-naskh-arabic-core-wght');
    expect(html).not.toContain('inter-latin');
    expect(html).not.toContain('playfair-display-latin');
  });

  it.each(['fr', 'en'] as const)('preloads only the Latin faces in %s', (lang) => {
    const html = fontsFor(shell, lang);
    expect(html).toContain('inter-latin-wght');
    expect(html).toContain('playfair-display-latin-600');
    expect(html).not.toContain('noto-naskh-arabic');
  });
});
