import { expect, it, vi } from 'vitest';

it('zod takes the browser setting made before it loads: no compiled fast path, no eval probe', async () => {
  delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  vi.resetModules();
  await import('./zod-jitless');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
