import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
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

// The web test files of a worker share one jsdom and the packages it imported (vitest.config.ts:
// `isolate: false`): a fresh jsdom and react-dom, the router and the rest imported again for each
// file were most of the web project's time. So after its last test a file leaves nothing behind,
// and the next one starts as if alone: the document, storage, cookies, address, timers and stubbed
// globals are emptied or made real again, and every module is evaluated afresh for the next file
// (the app's stores, its i18n instance, the session; this file too, which vitest runs before each
// file, so its imports above are the instances that file sees). Module mocks (`vi.mock`) are not undone
// between files of a worker: a file that needs one must undo it itself (`vi.doUnmock` in afterAll).
afterAll(() => {
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
