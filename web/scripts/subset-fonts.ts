/**
 * Makes the shop's own font files from the packages' (font-subsets.ts says which characters and weights
 * each keeps, and why). Run after changing those or upgrading a font package:
 *
 *   npm run fonts
 *
 * The files are committed (the build and the tests need nothing more); HarfBuzz's subsetter keeps every
 * glyph the kept characters reach through joining forms and ligatures, and cuts the weight axis.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { FONT_FILES, charactersOf } from './font-subsets.js';

const require = createRequire(import.meta.url);
const targetDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/assets/fonts');
mkdirSync(targetDir, { recursive: true });

for (const font of FONT_FILES) {
  const input = readFileSync(require.resolve(font.source));
  const output = await subsetFont(input, charactersOf(font.ranges), {
    targetFormat: 'woff2',
    ...(font.weights ? { variationAxes: { wght: font.weights } } : {}),
  });
  writeFileSync(join(targetDir, font.file), output);
  console.log(`web/src/assets/fonts/${font.file}: ${(output.length / 1024).toFixed(1)} KB (from ${(input.length / 1024).toFixed(1)} KB)`);
}
