/**
 * Once per `vitest run` of the server tests: a PGlite database with every migration applied, dumped
 * to a file that each test's `createTestDatabase` starts from (server/test/helpers.ts).
 *
 * Every test file (and some tests) opens a fresh database. Applying the migrations to each took
 * about as long as starting PGlite itself: ~1 s on a quiet machine, 27 s measured at load 15, with
 * the test file waiting. Loading a migrated copy skips it, and each database is still its own.
 * On PostgreSQL (TEST_DATABASE_URL) each test file still creates and migrates a database of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's file; empty on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.dumpDataDir!();
  await database.close();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'flora-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
