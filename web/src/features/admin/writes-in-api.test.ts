/**
 * Every back-office write is a mutation in its area's api.ts, which refreshes what the write touched
 * (the catalogue's lists, the low-stock list, the storefront's answers...): a screen that calls the API
 * itself has to remember the refresh, and the ones that did drifted apart. Screens (.tsx) only call
 * the hooks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ADMIN = import.meta.dirname;
/** A write sent from a screen: the API client's writing methods, or the multipart sender. */
const INLINE_WRITE = /\bapi\.(post|put|patch|delete)\s*[<(]|\bsendForm\s*[<(]/;

/** Screens still writing inline, each with its reason; the stale-entry check fails once one keeps the rule. */
const ALLOWED: Record<string, string> = {};

function screens(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return screens(path);
    return entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

const files = screens(ADMIN).map((path) => ({ file: relative(ADMIN, path).split('\\').join('/'), source: readFileSync(path, 'utf8') }));

describe('back-office writes live in api.ts', () => {
  it('finds the screens (the scan itself works)', () => {
    expect(files.map(({ file }) => file)).toContain('catalogue/products/ProductsPage.tsx');
  });

  it('no screen calls api.post/put/patch/delete or sendForm itself', () => {
    expect(files.filter(({ file, source }) => !(file in ALLOWED) && INLINE_WRITE.test(source)).map(({ file }) => file)).toEqual([]);
  });

  it('the allowlist holds only screens that still need it', () => {
    const byFile = new Map(files.map(({ file, source }) => [file, source]));
    expect(Object.keys(ALLOWED).filter((file) => !INLINE_WRITE.test(byFile.get(file) ?? ''))).toEqual([]);
  });

  it('tells an inline write from a hook', () => {
    expect(INLINE_WRITE.test('await api.delete(`/admin/colors/${id}`);')).toBe(true);
    expect(INLINE_WRITE.test("api.post<{ message: string }>('/admin/products/reorder', body)")).toBe(true);
    expect(INLINE_WRITE.test("sendForm<{ id: number }>('POST', path, body)")).toBe(true);
    expect(INLINE_WRITE.test('await remove.mutateAsync(c.id);')).toBe(false);
  });
});
