/**
 * Once per `vitest run` of the server tests: a PGlite database with every migration applied, kept as a
 * data folder that each test's `createTestDatabase` copies and opens (server/test/helpers.ts).
 *
 * Every test file (and some tests) opens a fresh database. Applying the migrations to each took
 * about as long as starting PGlite itself: ~1 s on a quiet machine, 27 s measured at load 15, with
 * the test file waiting. Loading a migrated copy skips it, and each database is still its own.
 * On PostgreSQL (TEST_DATABASE_URL) each test file still creates and migrates a database of its own.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { sql } from 'drizzle-orm';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the migrated PGlite template's data folder (`pglite/`); empty on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  // A data folder copied by the file system, not a dump PGlite unpacks: unpacking the 40 MB tarball in
  // JavaScript was ~2 CPU s of each test database's ~3 s (copying and opening the folder: ~1.4 s). In
  // memory (/dev/shm) where there is one, so the copies' reads and writes stay off the disk.
  const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const folder = mkdtempSync(path.join(base, 'flora-pglite-template-'));
  const database = await openDatabase({ dataDir: folder });
  await database.migrate();
  // As helpers.ts `withoutDefaultSlots`: a test shop starts without the seeded delivery slots.
  await database.db.execute(sql`delete from delivery_slots`);
  await database.close();
  project.provide('pgliteTemplate', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
