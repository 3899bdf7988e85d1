/**
 * Migrations expand, then contract one release later: during a rolling restart (SIGHUP) the first new
 * process migrates the database while the old ones still serve, so a release's migration must leave
 * every column and table the previous release reads and writes as it was. It only adds: tables,
 * columns that are nullable or have a default, indexes, functions. A removal, a rename, a type change,
 * or a NOT NULL the old code may not fill comes in a later release, once no running code uses the
 * old shape, and says so on the comment line(s) right above the statement: `-- contract: <why it is
 * safe now>`.
 *
 * Checked from 0019 on (the migrations before it ran before the shop could roll). 0019 made two new
 * columns NOT NULL, which the previous release's inserts did not fill; 0024 relaxed them. Listed here,
 * not repeated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'migrations');
const FIRST_CHECKED = 19;
/** Statements that broke the rule before it was written down (file: what), undone since. */
const BEFORE_THE_RULE = new Set(['0019_order_names.sql: SET NOT NULL']);

/** What the previous release's code cannot live with, by pattern (on SQL without its comments). */
const CONTRACTING: [string, RegExp][] = [
  ['DROP COLUMN', /\bDROP\s+COLUMN\b/i],
  ['DROP TABLE', /\bDROP\s+TABLE\b/i],
  ['RENAME', /\bRENAME\b/i],
  ['column TYPE change', /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i],
  ['SET NOT NULL', /\bSET\s+NOT\s+NULL\b/i],
  // A new NOT NULL column without a default: the old code's inserts do not name it.
  ['ADD COLUMN NOT NULL without a default', /\bADD\s+COLUMN\b(?![^;]*\b(DEFAULT|GENERATED)\b)[^;]*\bNOT\s+NULL\b/i],
];

/** The statement without its comments and the bodies of functions (their SQL runs later, not now). */
const code = (statement: string) =>
  statement
    .replace(/\$\$[\s\S]*?\$\$/g, '$$$$')
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');

/** Every statement breaking the rule without a `-- contract:` note, as "file: what". */
function contractingStatements(files: { name: string; sql: string }[]): string[] {
  const found: string[] = [];
  for (const { name, sql } of files) {
    for (const statement of sql.split('--> statement-breakpoint')) {
      if (/^\s*--\s*contract:/im.test(statement)) continue;
      for (const [what, pattern] of CONTRACTING) if (pattern.test(code(statement))) found.push(`${name}: ${what}`);
    }
  }
  return found;
}

describe('migrations only expand (a rolling restart runs the old code on the new schema)', () => {
  it(`no migration from ${FIRST_CHECKED} on drops, renames, retypes or tightens without a contract note`, () => {
    const files = readdirSync(dir)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= FIRST_CHECKED)
      .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
    expect(files.length).toBeGreaterThan(0);
    expect(contractingStatements(files).filter((s) => !BEFORE_THE_RULE.has(s))).toEqual([]);
  });

  it('finds each kind of contraction, and lets one with a note through', () => {
    const sql = [
      'ALTER TABLE "orders" DROP COLUMN "old";',
      'ALTER TABLE "orders" RENAME COLUMN "a" TO "b";',
      'DROP TABLE "gone";',
      'ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE numeric(12, 2);',
      'ALTER TABLE "orders" ALTER COLUMN "note" SET NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "x" text NOT NULL;',
      // Expanding: fine.
      'ALTER TABLE "orders" ADD COLUMN "y" text DEFAULT \'a\' NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "z" text;',
      'CREATE INDEX "i" ON "orders" ("z");',
      'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN DROP TABLE tmp; END $$;',
      '-- contract: nothing has read "older" since the release before this one.\nALTER TABLE "orders" DROP COLUMN "older";',
    ].join('--> statement-breakpoint\n');
    expect(contractingStatements([{ name: 'x.sql', sql }])).toEqual([
      'x.sql: DROP COLUMN',
      'x.sql: RENAME',
      'x.sql: DROP TABLE',
      'x.sql: column TYPE change',
      'x.sql: SET NOT NULL',
      'x.sql: ADD COLUMN NOT NULL without a default',
    ]);
  });
});
