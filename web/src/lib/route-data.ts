/**
 * Route loaders that fill the query cache with what a page shows first, from the same query options
 * the page's components use.
 * - On the server (web/src/entry-server.tsx) the loader is awaited: the page is rendered with its data
 *   and the cache is sent along for hydration. The request's own QueryClient comes in `context`.
 * - In the browser the loader only starts the requests and returns at once: a navigation never waits
 *   for data (each page keeps its own loading state), it just asks for it sooner.
 * A failed prefetch is not an error here: the component's query shows its own error and retry.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { queryClient as browserClient } from './query-client';

export type RouteDataContext = {
  queryClient: QueryClient;
  /** Server only: the visitor has neither a cart nor a session, so their cart is known (empty). */
  newVisitor?: boolean;
};

type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>[];

export function prefetchLoader(prefetch: Prefetch): LoaderFunction {
  return async (args) => {
    const client = (args.context as RouteDataContext | undefined)?.queryClient ?? browserClient;
    const work = Promise.allSettled(prefetch(client, args));
    if (import.meta.env.SSR) await work;
    return null;
  };
}
