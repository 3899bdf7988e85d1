/**
 * Keeps the repository readable on its own: code comments state the rule itself (or point at a
 * heading of docs/DECISIONS.md), never at an issue number or a document a reader of the repository
 * does not have; README.md stays short enough to read; every decision in docs/DECISIONS.md is
 * linked from its index.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = path.relative(root, fileURLToPath(import.meta.url));

const SCANNED_DIRS = ['server', 'web', 'shared', 'e2e', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'locales', 'migrations', 'test-results', 'playwright-report']);
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|css)$/;

/** What a comment must not say, with the reason shown when it does. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\bissues?\s*(#|no\.?\s*)?\d+/i, 'an issue number'],
  [/\bissue:/i, 'an issue name'],
  [/\b(pull request|PR)\s*#\d+/i, 'a pull request number'],
  [/shared\/(DECISIONS|ARCHITECTURE|STACK|DESIGN)\.md|\bshared DECISIONS\b/i, 'a document outside the repository'],
  [/\.\.\/shared\/(DECISIONS|ARCHITECTURE|STACK|DESIGN|spec)\b/i, 'a document outside the repository'],
  [/\bspec\/[\w-]+\.md\b|\bback-office\.md\b/i, 'a specification file outside the repository'],
  [/\bthe spec\b(?!\.ts)|\bspec's\b|\bspec\s+section|\(spec\b|^[/*{\s]*spec\b/i, '"the spec" (say the rule itself)'],
];

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...codeFiles(rel));
    else if (CODE_FILE.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The comment text of a line: a whole comment line, or what follows ` // ` or sits in `/* … *\/`. */
function commentOf(line: string): string | null {
  const trimmed = line.trim();
  if (/^(\/\/|\/\*|\*|\{\/\*)/.test(trimmed)) return trimmed;
  const parts: string[] = [];
  const trailing = /(^|\s)\/\/\s(.*)$/.exec(line);
  if (trailing) parts.push(trailing[2]);
  for (const m of line.matchAll(/\/\*(.*?)\*\//g)) parts.push(m[1]);
  return parts.length ? parts.join(' ') : null;
}

function rootFiles(): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && CODE_FILE.test(e.name))
    .map((e) => e.name);
}

describe('repository documentation', () => {
  it('finds comments the way the check expects', () => {
    expect(commentOf('  // orders over 500 MAD ship free')).toBe('// orders over 500 MAD ship free');
    expect(commentOf(' * see issue 15')).toBe('* see issue 15');
    expect(commentOf("const url = 'http://x'; // trailing note")).toBe('trailing note');
    expect(commentOf("const url = 'http://x';")).toBeNull();
    const caught = (text: string) => FORBIDDEN.some(([re]) => re.test(text));
    for (const bad of [
      'as decided in issue 15',
      'fixes #12 (issue #12)',
      'see shared/DECISIONS.md',
      '(spec section 7)',
      'the spec says so',
      "the spec's message",
      '(issue: back office I)',
      '// Spec: cancel reloads',
      '(spec: 10 s)',
    ]) {
      expect(caught(bad), bad).toBe(true);
    }
    for (const fine of [
      'order #123 in the list',
      'colour #4e7397',
      'every axe spec file',
      'e2e/cart.spec.ts',
      'docs/DECISIONS.md "Kept pages"',
    ]) {
      expect(caught(fine), fine).toBe(false);
    }
  });

  it('has no comment that points at an issue number or a document outside the repository', () => {
    const files = [...SCANNED_DIRS.flatMap(codeFiles), ...rootFiles()].filter((f) => f !== self);
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const comment = commentOf(line);
          if (!comment) return;
          for (const [re, what] of FORBIDDEN) {
            if (re.test(comment)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('keeps README.md under 250 lines', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });

  it('links every decision of docs/DECISIONS.md from its index, each heading once', () => {
    const text = readFileSync(path.join(root, 'docs', 'DECISIONS.md'), 'utf8');
    const body = text.slice(text.indexOf('\n## ', text.indexOf('## Index') + 1));
    const headings = [...body.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1].trim());
    expect(headings.length).toBeGreaterThan(20);
    // GitHub's anchor: lower case, punctuation out, spaces to hyphens.
    const slug = (h: string) =>
      h
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
    const slugs = headings.map(slug);
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i)).toEqual([]);
    const index = text.slice(0, text.indexOf('\n## ', text.indexOf('## Index') + 1));
    const linked = new Set([...index.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]));
    expect(slugs.filter((s) => !linked.has(s))).toEqual([]);
    expect([...linked].filter((s) => !slugs.includes(s))).toEqual([]);
  });
});
