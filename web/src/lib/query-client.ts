/**
 * TanStack Query with the shop's client behaviour: GET answers fresh for 5 minutes, in-flight
 * de-duplication (built in), up to 3 retries with a 1 s delay that doubles, never retrying a 404 nor
 * any other 4xx except 408 and 429. Cart writes retry once after 200 ms.
 */
import { QueryClient, type MutationOptions } from '@tanstack/react-query';
import { ApiError } from './api';

export const STALE_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
export const BASE_RETRY_DELAY_MS = 1000;
export const CART_WRITE_RETRY_DELAY_MS = 200;

/** Whether an error is worth trying again: network failures, timeouts, 429 and 5xx. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status === 408 || error.status === 429) return true;
    if (error.status >= 400 && error.status < 500) return false;
    return true;
  }
  // Anything else (a bug in a fetcher, an abort) is not a server hiccup.
  return false;
}

/** `failureCount` counts the failures before this one (0 after the first failure). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryable(error);
}

/** 1 s, 2 s, 4 s. */
export function queryRetryDelay(failureCount: number): number {
  return BASE_RETRY_DELAY_MS * 2 ** failureCount;
}

export function shouldRetryCartWrite(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isRetryable(error);
}

/** Spread into a cart mutation: `useMutation({ ...cartWriteRetry, mutationFn })`. */
export const cartWriteRetry = {
  retry: shouldRetryCartWrite,
  retryDelay: CART_WRITE_RETRY_DELAY_MS,
} satisfies Pick<MutationOptions<unknown, unknown, unknown, unknown>, 'retry' | 'retryDelay'>;

/**
 * `server`: a client that lives for one server render. Its queries get no garbage-collection timer
 * (TanStack's own default on a server): a 10-minute timer per query would keep every page's answers
 * in the server's memory for 10 minutes after the page was sent.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: server ? Number.POSITIVE_INFINITY : 10 * 60 * 1000,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // Writes are not repeated blindly; cart writes opt in with `cartWriteRetry`.
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
