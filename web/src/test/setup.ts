import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { toast } from '@web/components/ui/toast';
import { initI18n, loadAdminNamespaces, loadAllNamespaces } from '@web/lib/i18n';

// A loaded 2-core CI machine can take seconds to import a lazy page: wait up to 10 s, never fixed delays.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

beforeAll(async () => {
  // Pages load their namespaces through app/lazy.ts; components tested alone need them up front.
  await initI18n();
  await loadAllNamespaces();
  await loadAdminNamespaces();
});

afterEach(() => {
  cleanup();
  // The toaster is its own React root with 3 s timers: none may outlive the test (or its file).
  act(() => toast.reset());
});
