import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import {
  STALE_TIME_MS,
  cartWriteRetry,
  createQueryClient,
  isRetryable,
  queryRetryDelay,
  shouldRetryCartWrite,
  shouldRetryQuery,
} from './query-client';

describe('retry policy', () => {
  it.each([
    [404, false],
    [400, false],
    [401, false],
    [403, false],
    [409, false],
    [410, false],
    [422, false],
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [0, true],
  ])('status %i retryable: %s', (status, expected) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(expected);
    expect(shouldRetryQuery(0, new ApiError(status, 'x'))).toBe(expected);
  });

  it('retries a query at most 3 times', () => {
    const error = new ApiError(500, 'boom');
    expect([0, 1, 2, 3, 4].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false, false]);
  });

  it('waits 1 s, then 2 s, then 4 s', () => {
    expect([0, 1, 2].map(queryRetryDelay)).toEqual([1000, 2000, 4000]);
  });

  it('does not retry errors that are not from the server', () => {
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });

  it('retries a cart write once after 200 ms, never a 4xx', () => {
    expect(shouldRetryCartWrite(0, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetryCartWrite(1, new ApiError(500, 'x'))).toBe(false);
    expect(shouldRetryCartWrite(0, new ApiError(404, 'x'))).toBe(false);
    expect(cartWriteRetry.retryDelay).toBe(200);
  });
});

describe('query client behaviour', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = createQueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it('keeps answers fresh for 5 minutes', () => {
    expect(STALE_TIME_MS).toBe(300_000);
    expect(client.getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it('retries a failing 500 three times with doubling delays, then fails', async () => {
    const fn = vi.fn().mockRejectedValue(new ApiError(500, 'down'));
    const outcome = client.fetchQuery({ queryKey: ['a'], queryFn: fn }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(4);
    expect(((await outcome) as ApiError).status).toBe(500);
  });

  it('never retries a 404', async () => {
    const fn = vi.fn().mockRejectedValue(new ApiError(404, 'Product not found.'));
    const outcome = client.fetchQuery({ queryKey: ['b'], queryFn: fn }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(((await outcome) as ApiError).status).toBe(404);
  });

  it('recovers when a retry succeeds', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new ApiError(503, 'busy')).mockResolvedValue('ok');
    const outcome = client.fetchQuery({ queryKey: ['c'], queryFn: fn });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('shares one request between simultaneous callers', async () => {
    const fn = vi.fn().mockResolvedValue([1]);
    await Promise.all([client.fetchQuery({ queryKey: ['d'], queryFn: fn }), client.fetchQuery({ queryKey: ['d'], queryFn: fn })]);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not retry ordinary writes', async () => {
    const fn = vi.fn().mockRejectedValue(new ApiError(500, 'x'));
    const observer = new MutationObserver(client, { mutationFn: fn });
    const outcome = observer.mutate(undefined).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('retries a cart write once, 200 ms later', async () => {
    const fn = vi.fn().mockRejectedValue(new ApiError(500, 'x'));
    const observer = new MutationObserver(client, { mutationFn: fn, ...cartWriteRetry });
    const outcome = observer.mutate(undefined).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(199);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
