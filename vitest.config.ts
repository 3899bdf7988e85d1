import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./web/src', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Each server test file opens its own fresh database; two workers fit the 2-core machines.
    maxWorkers: 2,
    // In CI, a run that fails everywhere stops early and shows why (see playwright.config.ts).
    bail: process.env.CI ? 10 : 0,
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', environment: 'node', include: ['shared/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // One migrated PGlite that every test database starts from (server/test/global-setup.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // A worker's files share one process: a process, Fastify, drizzle, the routes and PGlite's
          // WebAssembly compiled again for each file cost more than most files' tests (351 CPU s for 40
          // files before, 251 s for 48 this way, imports 1,019 s -> 119 s of the files' summed time).
          // Each file still makes its own app and database; server/test/isolation.ts has every module
          // evaluated afresh for the next file.
          isolate: false,
          setupFiles: ['server/test/isolation.ts'],
          // Several tests make an app of their own (rate limits on, other settings): a fresh PGlite each,
          // 13 s at load 9, and one passed 30 s in the 5x npm test run at load 11. Not a race: CPU.
          testTimeout: 120_000,
          // A file's setup makes a fresh PGlite (initdb in WebAssembly) and migrates it: ~1 s on a quiet
          // machine, 13 s measured at load 9, and one file passed 60 s while a browser suite and a
          // benchmark shared the two cores (npm test must pass on a busy machine). Not a race: CPU.
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          // A worker's files share one jsdom and the packages they import: a fresh jsdom, react-dom, the
          // router and the rest for each file were most of this project's time (112 CPU s for 37 files,
          // 38 s for 43 this way). web/src/test/setup.ts empties what a file leaves behind and has every
          // module evaluated afresh for the next file. Not threads: a router test hangs in a worker thread.
          isolate: false,
          include: ['web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
