/**
 * Makes the shop's own Arabic font file from the package's, with only the characters the shop writes
 * (font-subsets.ts says which and why). Run after changing those characters or upgrading the package:
 *
 *   npm run fonts
 *
 * The file is committed (the build and the tests need nothing more); HarfBuzz's subsetter keeps the
 * weight axis (400-700) and every glyph the kept letters reach through their joining forms and ligatures.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { ARABIC_CORE, charactersOf } from './font-subsets.js';

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2');
const target = resolve(dirname(fileURLToPath(import.meta.url)), '../src/assets/fonts/noto-naskh-arabic-core-wght.woff2');

const input = readFileSync(source);
const output = await subsetFont(input, charactersOf(ARABIC_CORE), { targetFormat: 'woff2' });
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, output);
console.log(`${join('web/src/assets/fonts', 'noto-naskh-arabic-core-wght.woff2')}: ${(output.length / 1024).toFixed(1)} KB (from ${(input.length / 1024).toFixed(1)} KB)`);
