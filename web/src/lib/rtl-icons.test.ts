/**
 * Every directional icon (ChevronLeft/Right, ArrowLeft/Right and their double forms) points the
 * reading way in Arabic: each use in web/src carries `rtl:rotate-180` or `rtl:-scale-x-100`. A new
 * icon without it fails here, naming the file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const DIRECTIONAL = /<(Chevrons?Left|Chevrons?Right|ArrowLeft|ArrowRight|MoveLeft|MoveRight|ArrowBigLeft|ArrowBigRight)(Icon)?\b[^>]*>/gs;
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
    }
    expect(seen).toBeGreaterThan(5);
    expect(unmirrored).toEqual([]);
  });
});
