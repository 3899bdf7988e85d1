import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n, loadAllNamespaces } from '@web/lib/i18n';

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

beforeAll(async () => {
  // Pages load their namespaces through app/lazy.ts; components tested alone need them up front.
  await initI18n();
  await loadAllNamespaces();
});

afterEach(() => {
  cleanup();
});
