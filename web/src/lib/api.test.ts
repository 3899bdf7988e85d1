import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@web/test/utils';
import { ApiError, REQUEST_TIMEOUT_MS, api, buildUrl, request, toApiError } from './api';
import { setLanguage } from './i18n';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage('fr');
});

const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] as RequestInit;
const lastHeaders = () => new Headers(lastInit().headers);

describe('requests', () => {
  it('calls /api with the current language in Accept-Language and same-origin credentials', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([{ id: 1 }]));
    await expect(api.get('/categories')).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/categories');
    expect(lastHeaders().get('Accept-Language')).toBe('fr');
    expect(lastInit().credentials).toBe('same-origin');

    await setLanguage('ar');
    await api.get('/categories');
    expect(lastHeaders().get('Accept-Language')).toBe('ar');
  });

  it('sends JSON bodies with their content type, FormData untouched', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ ok: true }));
    await api.post('/cart/add', { product_id: 3, quantity: 2 });
    expect(lastInit().method).toBe('POST');
    expect(lastInit().body).toBe('{"product_id":3,"quantity":2}');
    expect(lastHeaders().get('Content-Type')).toBe('application/json');

    const form = new FormData();
    form.append('name', 'Rose');
    await api.post('/admin/products', form);
    expect(lastInit().body).toBe(form);
    expect(lastHeaders().get('Content-Type')).toBeNull();
  });

  it('never sends a bearer token of its own', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api.get('/profile');
    expect(lastHeaders().get('Authorization')).toBeNull();
    localStorage.removeItem('token');
  });

  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('/products', { page: 2, search: 'rosé', color: [1, 3], empty: '', none: undefined })).toBe(
      '/api/products?page=2&search=ros%C3%A9&color=1&color=3',
    );
  });

  it('answers undefined for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/cart/clear')).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it('turns a 422 answer into an ApiError with field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { message: 'The given data was invalid.', errors: { email: ['E-mail is required.'], phone: ['Too short', 'Digits only'] } },
        422,
      ),
    );
    const error = await api.post('/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('The given data was invalid.');
    expect(apiError.errors).toEqual({ email: ['E-mail is required.'], phone: ['Too short', 'Digits only'] });
    expect(apiError.fieldError('phone')).toBe('Too short');
    expect(apiError.allMessages()).toEqual(['E-mail is required.', 'Too short', 'Digits only']);
  });

  it('turns a 404 answer into an ApiError with its message and no field errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Product not found.' }, 404));
    const error = (await api.get('/product/999').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Product not found.');
    expect(error.errors).toEqual({});
    expect(error.allMessages()).toEqual(['Product not found.']);
  });

  it('keeps a usable message when the body is not the expected shape', () => {
    expect(toApiError(500, undefined, 'Internal Server Error').message).toBe('Internal Server Error');
    expect(toApiError(502, '<html>bad gateway</html>').message).toBe('<html>bad gateway</html>');
    expect(toApiError(422, { message: 'x', errors: { a: 'not a list' } }).errors).toEqual({});
    expect(toApiError(503, null).message).toBe('Request failed with status 503');
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api.get('/categories').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });
});

describe('timeout', () => {
  /** A fetch that never answers, but rejects like the real one when aborted. */
  function hangingFetch() {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
  }

  it('gives up after 15 seconds with a 408 ApiError', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const outcome = request('/products').then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0][1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ApiError;
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(408);
    expect(error.isTimeout).toBe(true);
  });

  it('lets a caller cancel without calling it a timeout', async () => {
    hangingFetch();
    const controller = new AbortController();
    const outcome = request('/products', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
