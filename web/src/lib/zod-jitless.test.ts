import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';

afterEach(() => {
  z.config({ jitless: false });
});

it('zod takes the browser setting: no compiled fast path, no eval probe', async () => {
  z.config({ jitless: false });
  vi.resetModules();
  await import('./zod-jitless');
  expect(z.config().jitless).toBe(true);
});
