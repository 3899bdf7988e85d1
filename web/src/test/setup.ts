import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '@web/lib/i18n';

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
});
