/**
 * Server texts with a count say it without "(s)"-style shortcuts ("2 commande(s)", "طلب(ات)"): each
 * language words it so that any number reads right (a label and the number: "Commandes annulées : 2").
 * Read from the source of every server module, as the web's locale files are (web/src/lib/plural-texts.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('server texts with a count', () => {
  it('have no "(s)" shortcut in any language', () => {
    const found: string[] = [];
    for (const file of sources(path.join(root, 'modules'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(fr|en|ar|subject):.*'[^']*\p{L}\((?:s|e|es|x|ات|ة|ين)\)/u.test(line))
            found.push(`${path.relative(root, file)}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});
