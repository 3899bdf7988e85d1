/**
 * THE BROWSER SESSION: who is logged in, for every feature.
 *
 *   import { useSession, RequireAuth, AUTH_CHANGED_EVENT } from '@web/lib/session';
 *
 *   const { user, isLoggedIn, isAdmin, login, logout, refresh } = useSession();
 *     user        the logged-in user ({ id, name, email, phone, address, role }) or null
 *     isLoggedIn  user !== null (and the session has not expired)
 *     isAdmin     role admin or super_admin
 *     login({ email, password })  POST /api/login; starts the session, invalidates the cart query
 *                                 (the server merged the visitor cart); throws ApiError (403 unconfirmed,
 *                                 401 wrong credentials, 429 too many attempts, 422 invalid fields)
 *     logout()    POST /api/logout (never throws); ends the session, drops the account queries
 *     refresh()   GET /api/profile; refreshes `user`, or ends the session when that fails
 *
 *   <RequireAuth>...</RequireAuth>  page content that needs a session: without one it redirects to
 *                                   /login?redirect=<this path> (login comes back here), to
 *                                   /session-expired when the session just ran out on this page, or
 *                                   home right after the user logged out here.
 *   requireAuthLoader               the same check for a route `loader`.
 *
 *   window.addEventListener(AUTH_CHANGED_EVENT, (e) => e.detail.loggedIn ...)
 *                                   fired on login, logout, expiry and changes made in another tab
 *                                   (cart merge, wishlist sync...). Outside React: `session.get()`.
 *
 * The session token is NEVER stored here: the server sets it in an HttpOnly cookie that every
 * request carries, out of reach of scripts. localStorage keeps only `user` and `session_expiry` (epoch
 * milliseconds, now + expires_in of the login answer). `<SessionWatcher />` (components/) checks the
 * session when the tab becomes visible and every 5 minutes, and warns when under 300 s remain.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { SESSION_ACTIVITY_HEADER, isAdminRole } from '@shared/constants';
import type { AccountUser, LoginBody, LoginResponse, Profile, TwoFactorLoginBody, TwoFactorPending } from '@shared/schemas/accounts';
import { api, listenSessionTimeLeft } from '@web/lib/api';
import { STORAGE_KEYS, readJson, readString, removeKey, writeJson, writeString } from '@web/lib/storage';

export type SessionUser = AccountUser;

/** Why the session ended: decides where a protected page goes next. */
export type EndReason =
  /** The user logged out in this tab: a protected page then goes home, not to /login. */
  | 'logout'
  /** The expiry time passed, or the periodic check failed. */
  | 'expired'
  /** The server answered 401 to a page's own request. */
  | 'unauthorized'
  /** Another tab logged out. */
  | 'elsewhere';

export type SessionState = {
  user: SessionUser | null;
  /** Epoch milliseconds; null without a session. */
  expiresAt: number | null;
  /** Set when a session ended, cleared by the next login. */
  endReason: EndReason | null;
};

export const AUTH_CHANGED_EVENT = 'auth-changed';
export type AuthChangedDetail = { loggedIn: boolean; user: SessionUser | null; reason: 'login' | EndReason };

/** Query keys: account data is dropped at login and logout; the cart is re-read after either. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;
export const CART_QUERY_KEY = ['cart'] as const;

const isUser = (value: unknown): value is SessionUser => {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return typeof u.id === 'number' && typeof u.name === 'string' && typeof u.email === 'string' && typeof u.role === 'string';
};

function readStored(): { user: SessionUser | null; expiresAt: number | null } {
  const user = readJson<SessionUser | null>(STORAGE_KEYS.user, null, (v): v is SessionUser | null => isUser(v));
  const expiresAt = Number(readString(STORAGE_KEYS.sessionExpiry));
  if (!user || !Number.isFinite(expiresAt) || expiresAt <= 0) return { user: null, expiresAt: null };
  return { user, expiresAt };
}

function initialState(): SessionState {
  const stored = readStored();
  if (stored.user && stored.expiresAt !== null && stored.expiresAt <= Date.now()) {
    // Came back after the session ran out: forget it, and let a protected page say so.
    removeKey(STORAGE_KEYS.user);
    removeKey(STORAGE_KEYS.sessionExpiry);
    return { user: null, expiresAt: null, endReason: 'expired' };
  }
  const hadLeftovers = !stored.user && (readString(STORAGE_KEYS.user) !== null || readString(STORAGE_KEYS.sessionExpiry) !== null);
  if (hadLeftovers) {
    removeKey(STORAGE_KEYS.user);
    removeKey(STORAGE_KEYS.sessionExpiry);
  }
  return { ...stored, endReason: null };
}

let state: SessionState = typeof window === 'undefined' ? { user: null, expiresAt: null, endReason: null } : initialState();
const listeners = new Set<() => void>();

function emit(next: SessionState, event?: AuthChangedDetail): void {
  state = next;
  for (const listener of listeners) listener();
  if (event) window.dispatchEvent(new CustomEvent<AuthChangedDetail>(AUTH_CHANGED_EVENT, { detail: event }));
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== STORAGE_KEYS.user && event.key !== STORAGE_KEYS.sessionExpiry) return;
  const stored = readStored();
  const wasIn = state.user !== null;
  if (stored.user && stored.expiresAt !== null && stored.expiresAt > Date.now()) {
    const changedUser = state.user?.id !== stored.user.id;
    emit({ ...stored, endReason: null }, changedUser ? { loggedIn: true, user: stored.user, reason: 'login' } : undefined);
  } else if (wasIn) {
    emit({ user: null, expiresAt: null, endReason: 'elsewhere' }, { loggedIn: false, user: null, reason: 'elsewhere' });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The session store, for code outside React. */
export const session = {
  get: (): SessionState => state,
  subscribe,
  isLoggedIn: (): boolean => state.user !== null,
  /** Seconds left, or null without a session. */
  remainingSeconds(now = Date.now()): number | null {
    return state.expiresAt === null ? null : Math.max(0, Math.round((state.expiresAt - now) / 1000));
  },
  /** Starts a session from the login answer (`expires_in` seconds). */
  start(user: SessionUser, expiresInSeconds: number): void {
    const expiresAt = Date.now() + Math.max(0, expiresInSeconds) * 1000;
    writeJson(STORAGE_KEYS.user, user);
    writeString(STORAGE_KEYS.sessionExpiry, String(expiresAt));
    emit({ user, expiresAt, endReason: null }, { loggedIn: true, user, reason: 'login' });
  },
  /**
   * The server moved the session's end (activity, "stay signed in"): it now ends `expiresInSeconds`
   * from now. A move of a few seconds (the answer's own rounding) changes nothing here.
   */
  extend(expiresInSeconds: number): void {
    if (!state.user) return;
    const expiresAt = Date.now() + Math.max(0, expiresInSeconds) * 1000;
    if (state.expiresAt !== null && Math.abs(expiresAt - state.expiresAt) < 5000) return;
    writeString(STORAGE_KEYS.sessionExpiry, String(expiresAt));
    emit({ ...state, expiresAt });
  },
  /** Replaces the stored user (after a profile update or check); keeps the expiry. */
  setUser(user: SessionUser): void {
    if (!state.user) return;
    const next: SessionUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      role: user.role,
    };
    writeJson(STORAGE_KEYS.user, next);
    emit({ ...state, user: next });
  },
  /** Ends the session locally (the cookie is the server's business). */
  end(reason: EndReason): void {
    removeKey(STORAGE_KEYS.user);
    removeKey(STORAGE_KEYS.sessionExpiry);
    const wasIn = state.user !== null;
    emit({ user: null, expiresAt: null, endReason: reason }, wasIn ? { loggedIn: false, user: null, reason } : undefined);
  },
  /** Forgets why the last session ended (the session-expired page has said it). */
  acknowledgeEnd(): void {
    if (state.endReason !== null) emit({ ...state, endReason: null });
  },
  /** Re-reads localStorage (tests). */
  reload(): void {
    emit(initialState());
  },
};

const toSessionUser = (p: Profile | SessionUser): SessionUser => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone: p.phone ?? null,
  address: p.address ?? null,
  role: p.role,
});

export type LoginResult = Omit<LoginResponse, 'token'>;

/**
 * POST /api/login; starts the session. The token in the answer is dropped on the spot. An account with
 * two-factor login on gets no session yet: the answer is the pending token for `loginWithCodeRequest`.
 */
export async function loginRequest(body: LoginBody): Promise<LoginResult | TwoFactorPending> {
  const answer = await api.post<LoginResponse | TwoFactorPending>('/login', body);
  if ('two_factor_required' in answer) return answer;
  session.start(toSessionUser(answer.user), answer.expires_in);
  return { user: answer.user, expires_in: answer.expires_in, message: answer.message };
}

/** POST /api/login/two-factor: the pending token and a code (or a recovery code); starts the session. */
export async function loginWithCodeRequest(body: TwoFactorLoginBody): Promise<LoginResult> {
  const answer = await api.post<LoginResponse>('/login/two-factor', body);
  session.start(toSessionUser(answer.user), answer.expires_in);
  return { user: answer.user, expires_in: answer.expires_in, message: answer.message };
}

/** POST /api/logout; the session ends here even when the server cannot be reached. */
export async function logoutRequest(): Promise<void> {
  try {
    await api.post('/logout');
  } catch {
    /* the cookie may already be gone; nothing else to do */
  } finally {
    session.end('logout');
  }
}

// Every signed-in answer says how long the session has left: the end here follows the server's.
listenSessionTimeLeft((seconds) => session.extend(seconds));

/**
 * Set while this page is being left: the browser then aborts its requests, and a session check cut
 * short that way says nothing about the session. (Seen in the journeys: opening another address while
 * the check was in flight ended the session, and the next page found nobody logged in.)
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  // Back from the back-forward cache: this page is alive again.
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/**
 * GET /api/profile: is the session still good? Refreshes the stored user; any failure (or an
 * expiry time already passed) ends the session with `reason` (any failure clears the session).
 */
export async function checkSession(reason: EndReason = 'expired'): Promise<SessionUser | null> {
  if (!state.user) return null;
  if (state.expiresAt !== null && state.expiresAt <= Date.now()) {
    session.end('expired');
    return null;
  }
  const userId = state.user.id;
  try {
    // A check is not activity: a tab left open must still reach the end of an idle session.
    const profile = await api.get<Profile>('/profile', { headers: { [SESSION_ACTIVITY_HEADER]: 'passive' } });
    // A login or logout while the check was in flight wins.
    if (state.user?.id !== userId) return state.user;
    const user = toSessionUser(profile);
    session.setUser(user);
    return user;
  } catch {
    if (leavingPage) return state.user;
    if (state.user?.id === userId) session.end(reason);
    return null;
  }
}

function afterAuthChange(client: QueryClient): void {
  client.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
}

/** What the server draws a page with (it never knows a visitor's session); hydration starts from it. */
const SIGNED_OUT: SessionState = { user: null, expiresAt: null, endReason: null };

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, session.get, () => SIGNED_OUT);
}

export function useSession() {
  const current = useSessionState();
  const client = useQueryClient();
  const login = useCallback(
    async (body: LoginBody) => {
      const result = await loginRequest(body);
      afterAuthChange(client);
      return result;
    },
    [client],
  );
  const loginWithCode = useCallback(
    async (body: TwoFactorLoginBody) => {
      const result = await loginWithCodeRequest(body);
      afterAuthChange(client);
      return result;
    },
    [client],
  );
  const logout = useCallback(async () => {
    await logoutRequest();
    afterAuthChange(client);
  }, [client]);
  const refresh = useCallback(() => checkSession(), []);
  return useMemo(
    () => ({
      user: current.user,
      isLoggedIn: current.user !== null,
      isAdmin: isAdminRole(current.user?.role),
      expiresAt: current.expiresAt,
      login,
      loginWithCode,
      logout,
      refresh,
    }),
    [current, login, loginWithCode, logout, refresh],
  );
}

/** `/login?redirect=/profile/orders`: where to come back after logging in. */
export function loginPath(returnTo?: string): string {
  return returnTo && returnTo !== '/' ? `/login?redirect=${encodeURIComponent(returnTo)}` : '/login';
}

/**
 * A `redirect` value that stays on the shop's origin, or `fallback`. The value is parsed as a URL
 * against the shop's origin (as the browser would) and kept only when it is a plain path there:
 * `//evil.com`, `https://evil.com`, `/\evil.com`, `/<tab>/evil.com` (browsers drop tabs and read `\` as
 * `/`), `javascript:…` and the login pages themselves fall back. Returns the parsed, normalised path.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/profile', origin = window.location.origin): string {
  if (!value || value.length > 2000) return fallback;
  // Control characters, spaces and backslashes: browsers strip or rewrite them, which turns a path into a host.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fallback;
  if (/^\/(login|signup|session-expired|admin\/login)(?:\/|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Route loader form of RequireAuth: `{ path: 'x', loader: requireAuthLoader, lazy: ... }`. */
export function requireAuthLoader({ request }: LoaderFunctionArgs): null {
  if (session.isLoggedIn()) return null;
  const url = new URL(request.url);
  if (session.get().endReason === 'expired') throw redirect('/session-expired');
  if (session.get().endReason === 'logout') throw redirect('/');
  throw redirect(loginPath(`${url.pathname}${url.search}`));
}

/** Renders its children only with a session; otherwise redirects (see the top of this file). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, endReason } = useSessionState();
  const location = useLocation();
  // Checks the expiry time on arrival as well, so a stale stored session never shows a page.
  useEffect(() => {
    const { expiresAt } = session.get();
    if (user && expiresAt !== null && expiresAt <= Date.now()) session.end('expired');
  }, [user]);
  if (user) return <>{children}</>;
  if (endReason === 'expired') return <Navigate to="/session-expired" replace />;
  // Logging out from a protected page lands on the home page, whichever renders first: this guard
  // (the session store updates synchronously) or the page's own navigation (a transition).
  if (endReason === 'logout') return <Navigate to="/" replace />;
  return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
}
