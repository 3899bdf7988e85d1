import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';

/** A query client for tests: no retries, no cache sharing between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces `fetch` with a router of path -> handler; unknown paths answer 404. */
export function mockFetch(routes: Record<string, Handler | unknown>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const route = routes[url.pathname];
    if (route === undefined) return jsonResponse({ message: 'Not found' }, 404);
    return typeof route === 'function' ? (route as Handler)(url, init) : jsonResponse(route);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
