/**
 * The one way the web app talks to the server: `/api` on the same origin, JSON in and out, the
 * chosen language in `Accept-Language`, the session riding on its HttpOnly cookie
 * (`credentials: 'same-origin'`, never a token in localStorage), a 15 s timeout.
 */
import { SESSION_EXPIRES_HEADER } from '@shared/constants';
import { currentLanguage } from './i18n';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 15_000;

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached, 408 when the request timed out. */
  readonly status: number;
  /** Field -> messages, from 422 answers `{ message, errors }`; empty otherwise. */
  readonly errors: FieldErrors;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body?: unknown) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
  get isTimeout(): boolean {
    return this.status === 408;
  }
  /** The first message of a field, for inline form errors. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
  /** Every field message in one list (some forms join them). */
  allMessages(): string[] {
    const fields = Object.values(this.errors).flat();
    return fields.length > 0 ? fields : [this.message];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData goes as multipart (the browser sets its boundary). */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** Cancellation from the caller (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
};

export function buildUrl(path: string, query?: Query): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const url = `${API_BASE}${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

/** Turns a failed answer into an ApiError: `{ message, errors }` for 422, `{ message }` otherwise. */
export function toApiError(status: number, body: unknown, statusText = ''): ApiError {
  let message = statusText || `Request failed with status ${status}`;
  let errors: FieldErrors = {};
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    if (typeof b.message === 'string' && b.message) message = b.message;
    if (isFieldErrors(b.errors)) errors = b.errors;
  } else if (typeof body === 'string' && body.trim() && body.length < 500) {
    message = body.trim();
  }
  return new ApiError(status, message, errors, body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * How requests leave: the browser's fetch. The server-side renderer (web/src/entry-server.tsx) hands
 * in its own, which answers from the server's routes in-process with the page's language.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/**
 * The server says on every answer to a signed-in request how many seconds the session has left
 * (activity moves its end): the session store listens (web/src/lib/session.tsx).
 */
let onSessionTimeLeft: (seconds: number) => void = () => {};
export function listenSessionTimeLeft(listener: (seconds: number) => void): void {
  onSessionTimeLeft = listener;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  try {
    let response: Response;
    try {
      response = await transport(buildUrl(path, query), {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(408, 'Request timed out');
      if (signal?.aborted) throw error; // the caller cancelled: let it see its own abort
      throw new ApiError(0, 'Network error', {}, error);
    }
    const timeLeft = Number(response.headers.get(SESSION_EXPIRES_HEADER) ?? Number.NaN);
    if (Number.isFinite(timeLeft) && timeLeft > 0) onSessionTimeLeft(timeLeft);
    let data: unknown;
    try {
      data = await readBody(response);
    } catch (error) {
      if (timedOut) throw new ApiError(408, 'Request timed out');
      throw error;
    }
    if (!response.ok) throw toApiError(response.status, data, response.statusText);
    return data as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'DELETE' }),
};
