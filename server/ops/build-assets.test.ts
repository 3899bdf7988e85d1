/**
 * `npm run build` keeps the previous build's hashed files (scripts/build.js): during a rolling reload the
 * workers not yet replaced still send pages naming them. Three builds are played on a folder the way
 * the build writes it (files written since the build began, its manifest, its note): after the second
 * the first build's files are still there, after the third they are gone and the second's stay.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

type BuildScript = {
  pruneAssets: (outDir: string) => string[];
  noteBuildStarted: (outDir: string, startedAt: number) => void;
};
const buildScript = path.resolve(import.meta.dirname, '../../scripts/build.js');
const { pruneAssets, noteBuildStarted } = (await import(pathToFileURL(buildScript).href)) as BuildScript;

let outDir: string;
beforeEach(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'flora-build-assets-'));
});
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

/** One build at `startedAt` (ms): prune, write its files (dated then) and manifest, note it. */
function build(startedAt: number, files: string[]): string[] {
  const removed = pruneAssets(outDir);
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  mkdirSync(path.join(outDir, '.vite'), { recursive: true });
  const at = new Date(startedAt + 1000);
  for (const name of files) {
    for (const file of [name, `${name}.br`, `${name}.gz`]) {
      writeFileSync(path.join(outDir, 'assets', file), file);
      utimesSync(path.join(outDir, 'assets', file), at, at);
    }
  }
  const manifest = Object.fromEntries(files.filter((f) => f.endsWith('.js')).map((f) => [`src/${f}`, { file: `assets/${f}` }]));
  writeFileSync(path.join(outDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  noteBuildStarted(outDir, startedAt);
  return removed;
}

const has = (name: string) => existsSync(path.join(outDir, 'assets', name));
const HOUR = 3600_000;

describe('the web build keeps the previous build and removes older ones', () => {
  it('keeps the first build after the second, drops it after the third', () => {
    const t0 = Date.now() - 3 * HOUR;
    expect(build(t0, ['index-AAAA.js', 'index-AAAA.css', 'ProductPage-AAAA.js', 'font-SAME.woff2'])).toEqual([]);

    build(t0 + HOUR, ['index-BBBB.js', 'index-BBBB.css', 'ProductPage-BBBB.js', 'font-SAME.woff2']);
    // A worker of the first build still sends pages naming these: they are still there.
    for (const name of [
      'index-AAAA.js',
      'index-AAAA.js.br',
      'index-AAAA.css',
      'ProductPage-AAAA.js.gz',
      'index-BBBB.js',
      'font-SAME.woff2',
    ])
      expect(has(name)).toBe(true);

    const removed = build(t0 + 2 * HOUR, ['index-CCCC.js', 'index-CCCC.css', 'ProductPage-BBBB.js', 'font-SAME.woff2']);
    expect(removed.sort()).toEqual(
      ['index-AAAA.js', 'index-AAAA.css', 'ProductPage-AAAA.js'].flatMap((f) => [f, `${f}.br`, `${f}.gz`]).sort(),
    );
    for (const name of ['index-BBBB.js', 'index-BBBB.css.gz', 'ProductPage-BBBB.js', 'index-CCCC.js', 'font-SAME.woff2'])
      expect(has(name)).toBe(true);
  });

  it('keeps a file the last manifest names even when it was not written again', () => {
    const t0 = Date.now() - 3 * HOUR;
    build(t0, ['index-AAAA.js']);
    build(t0 + HOUR, ['index-BBBB.js']);
    // The second build's entry, dated before the second build (copied in, say), is kept for its manifest.
    const old = new Date(t0 - HOUR);
    utimesSync(path.join(outDir, 'assets', 'index-BBBB.js'), old, old);
    build(t0 + 2 * HOUR, ['index-CCCC.js']);
    expect(has('index-BBBB.js')).toBe(true);
    expect(has('index-AAAA.js')).toBe(false);
  });

  it('removes nothing from a folder without a note of its last build', () => {
    mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    writeFileSync(path.join(outDir, 'assets', 'index-OLD.js'), '');
    expect(pruneAssets(outDir)).toEqual([]);
    expect(has('index-OLD.js')).toBe(true);
  });
});
