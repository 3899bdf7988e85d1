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
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', environment: 'node', include: ['shared/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
