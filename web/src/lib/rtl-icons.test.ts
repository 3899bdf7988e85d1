/**
 * Every directional icon (ChevronLeft/Right, ArrowLeft/Right and their double forms, diagonal arrows,
 * log in/out) points the reading way in Arabic: each use in web/src carries `rtl:rotate-180` or
 * `rtl:-scale-x-100`. A new icon without it fails here, naming the file and line. An icon passed
 * around as a value (`icon(ChevronLeft)`, `const Arrow = up ? ArrowUpRight : ...`) must be drawn in
 * that file by an element that carries the mirroring (`<Icon className="... rtl:rotate-180" />`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const NAMES =
  'Chevrons?Left|Chevrons?Right|ArrowLeft|ArrowRight|MoveLeft|MoveRight|ArrowBigLeft|ArrowBigRight|ArrowUpRight|ArrowDownRight|ArrowUpLeft|ArrowDownLeft|LogOut|LogIn';
const DIRECTIONAL = new RegExp(`<(${NAMES})(Icon)?\\b[^>]*>`, 'gs');
/** A directional icon named outside an import and outside its own JSX tag: passed around as a value. */
const AS_VALUE = new RegExp(`(?<![<\\w'"])(${NAMES})(Icon)?\\b(?![^{]*\\}\\s*from)`, 'g');
/** A JSX element of another name (the one drawing the passed-around icon) with the mirroring. */
const MIRRORED_RENDERER = new RegExp(`<(?!(?:${NAMES})\\b)[A-Z]\\w*\\b[^>]*rtl:(rotate-180|-scale-x-100)[^>]*>`, 's');
const MIRRORED = /rtl:(rotate-180|-scale-x-100)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [full] : [];
  });
}

describe('directional icons in RTL', () => {
  it('every one is mirrored', () => {
    const unmirrored: string[] = [];
    let seen = 0;
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(DIRECTIONAL)) {
        seen++;
        if (!MIRRORED.test(m[0])) unmirrored.push(`${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length} ${m[1]}`);
      }
      const code = text.replace(/^import[^;]*;$/gms, '');
      for (const m of code.matchAll(AS_VALUE)) {
        seen++;
        if (!MIRRORED_RENDERER.test(code)) unmirrored.push(`${path.relative(root, file)} ${m[1]} (passed as a value)`);
      }
    }
    expect(seen).toBeGreaterThan(5);
    expect(unmirrored).toEqual([]);
  });
});
