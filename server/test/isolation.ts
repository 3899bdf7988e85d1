/**
 * Runs before each server test file. The files of a worker share one process (vitest.config.ts:
 * `isolate: false`): starting a process, importing Fastify, drizzle and the routes, and compiling
 * PGlite's WebAssembly (9 MB, compiled once per process) again for each file cost more than most
 * files' tests. Each file still makes its own app and database (helpers.ts); after its last test,
 * what it could leave behind is undone: timers are real again, stubbed globals and environment
 * variables are restored, and every module is evaluated afresh for the next file (the server's
 * module-level caches and state). Packages loaded by Node itself stay loaded.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
