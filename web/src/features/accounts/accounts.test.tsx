import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { SESSION_WARNING_VISIBLE_MS, SessionWatcher } from './components/SessionWatcher';
import { accountsRoutes } from './routes';
import { AUTH_CHANGED_EVENT, RequireAuth, session, type AuthChangedDetail } from '@web/lib/session';

const user = {
  id: 7,
  name: 'Salma Bennani',
  email: 'salma@example.ma',
  phone: '0612345678',
  address: 'Agdal, Rabat',
  role: 'customer' as const,
};
const profile = { ...user, created_at: '2024-05-02T10:00:00.000Z', pending_email: null };

/** The account routes plus a protected page, in a memory router (no layout: the pages alone). */
function renderAt(path: string, client: QueryClient = testQueryClient()) {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        ...accountsRoutes,
        { index: true, element: <h1>Home</h1> },
        {
          path: 'secret',
          element: (
            <RequireAuth>
              <h1>Secret page</h1>
            </RequireAuth>
          ),
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const location = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname + router.state.location.search;

beforeAll(async () => {
  await act(() => setLanguage('en'));
});
afterAll(async () => {
  await act(() => setLanguage('fr'));
});
beforeEach(() => {
  localStorage.clear();
  session.reload();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('login', () => {
  it('asks for both fields before calling the server', async () => {
    const fetch = mockFetch({});
    renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter both email and password.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter both email and password.')).toBeInTheDocument();
    // The message was already there: wait for the second (asynchronous) validation to clear the e-mail field.
    await waitFor(() => expect(screen.getByLabelText(/^Email address/)).not.toHaveAttribute('aria-invalid'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('explains a 403 (unconfirmed e-mail) and resends the confirmation', async () => {
    const fetch = mockFetch({
      '/api/login': () => jsonResponse({ message: 'unverified' }, 403),
      '/api/email/resend-confirmation': { message: 'sent' },
    });
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please verify your email address before logging in. Check your inbox for a confirmation link.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Resend the confirmation email' }));
    expect(await screen.findByText('Confirmation email sent successfully! Please check your inbox.')).toBeInTheDocument();
    const resend = fetch.mock.calls.find(([url]) => String(url).includes('resend-confirmation'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'salma@example.ma' });
    expect(session.isLoggedIn()).toBe(false);
  });

  it('says "Invalid email or password" on 401', async () => {
    mockFetch({ '/api/login': () => jsonResponse({ message: 'Wrong credentials' }, 401) });
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
  });

  it('toggles the password visibility', async () => {
    mockFetch({});
    renderAt('/login');
    const input = await screen.findByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide Password' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('RequireAuth and the session', () => {
  it('sends a visitor to /login?redirect=..., logs in, keeps no token, and comes back', async () => {
    const events: AuthChangedDetail[] = [];
    const onAuth = (e: Event) => events.push((e as CustomEvent<AuthChangedDetail>).detail);
    window.addEventListener(AUTH_CHANGED_EVENT, onAuth);
    const fetch = mockFetch({
      '/api/login': { token: 'opaque-secret-token', user, expires_in: 10800, message: 'Logged in successfully.' },
    });
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { router } = renderAt('/secret?tab=1', client);
    await waitFor(() => expect(location(router)).toBe('/login?redirect=%2Fsecret%3Ftab%3D1'));
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'Salma@Example.ma ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Secret page' })).toBeInTheDocument();
    expect(location(router)).toBe('/secret?tab=1');

    const body = JSON.parse(String(fetch.mock.calls[0][1]?.body));
    expect(body).toEqual({ email: 'salma@example.ma', password: 'secret-123' });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    const expiry = Number(localStorage.getItem('session_expiry'));
    expect(expiry - Date.now()).toBeGreaterThan(10790 * 1000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(10800 * 1000);
    const everything = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k))
      .join(' ');
    expect(everything).not.toContain('opaque-secret-token');
    expect(events).toEqual([{ loggedIn: true, user, reason: 'login' }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cart'] });
    window.removeEventListener(AUTH_CHANGED_EVENT, onAuth);
  });

  it('ignores a redirect that leaves the shop', async () => {
    mockFetch({ '/api/login': { token: 't', user, expires_in: 10800, message: 'ok' } });
    const { router } = renderAt('/login?redirect=//evil.example/x');
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/profile'));
  });

  it('goes to /session-expired when a stored session has run out', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() - 1000));
    session.reload();
    mockFetch({});
    const { router } = renderAt('/secret');
    expect(await screen.findByRole('heading', { name: 'Your session has expired' })).toBeInTheDocument();
    expect(location(router)).toBe('/session-expired');
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logging out on a protected page lands on the home page, not on /login', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 3_600_000));
    session.reload();
    mockFetch({});
    const { router } = renderAt('/secret');
    expect(await screen.findByRole('heading', { name: 'Secret page' })).toBeInTheDocument();
    // The session store changes before any navigation: the guard itself must send the page home.
    act(() => session.end('logout'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(location(router)).toBe('/');
  });

  it("the profile page's logout button ends the session and goes home", async () => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 3_600_000));
    session.reload();
    const fetch = mockFetch({ '/api/profile': profile, '/api/logout': { message: 'Logged out' } });
    const { router } = renderAt('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location(router)).toBe('/'));
    expect(session.isLoggedIn()).toBe(false);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/logout'))).toBe(true);
  });

  it('a 401 on profile load ends the session and goes to /login', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 3_600_000));
    session.reload();
    mockFetch({ '/api/profile': () => jsonResponse({ message: 'Unauthenticated' }, 401) });
    const { router } = renderAt('/profile/personal-information');
    await waitFor(() => expect(location(router)).toBe('/login?redirect=%2Fprofile%2Fpersonal-information'));
    expect(session.isLoggedIn()).toBe(false);
  });
});

describe('session watcher', () => {
  it('warns for 10 s when under 300 s remain, then ends the session at its expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 310_000));
    session.reload();
    const fetch = mockFetch({ '/api/profile': profile });
    const ended: AuthChangedDetail[] = [];
    const onAuth = (e: Event) => ended.push((e as CustomEvent<AuthChangedDetail>).detail);
    window.addEventListener(AUTH_CHANGED_EVENT, onAuth);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SessionWatcher />
      </QueryClientProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(region).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(region).toHaveTextContent('Your session will end in less than 5 minutes.');
    await act(() => vi.advanceTimersByTimeAsync(SESSION_WARNING_VISIBLE_MS));
    expect(region).toBeEmptyDOMElement();
    // The 5-minute check asks the server.
    const before = fetch.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(fetch.mock.calls.length).toBeGreaterThan(before);
    expect(session.isLoggedIn()).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('session_expiry')).toBeNull();
    expect(ended.at(-1)).toEqual({ loggedIn: false, user: null, reason: 'expired' });
    window.removeEventListener(AUTH_CHANGED_EVENT, onAuth);
  });

  it('checks the session when the tab becomes visible; a failure ends it', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 3_600_000));
    session.reload();
    let status = 200;
    const fetch = mockFetch({ '/api/profile': () => jsonResponse(status === 200 ? profile : { message: 'no' }, status) });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SessionWatcher />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(session.isLoggedIn()).toBe(true);
    status = 401;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(session.isLoggedIn()).toBe(false));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('signup', () => {
  it('asks for every field, then joins the server errors and shows them under their fields', async () => {
    mockFetch({
      '/api/register': () =>
        jsonResponse(
          {
            message: 'Validation failed',
            errors: { email: ['An account with this email address already exists.'], phone: ['Invalid phone number.'] },
          },
          422,
        ),
    });
    renderAt('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Full name/), 'Salma Bennani');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '0612345678');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email address already exists. Invalid phone number.');
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Phone number/)).toHaveAccessibleDescription(/Invalid phone number\./);
  });

  it('on success goes to /login with the confirmation message', async () => {
    mockFetch({ '/api/register': () => jsonResponse({ message: 'ok' }, 201) });
    const { router } = renderAt('/signup');
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'Salma Bennani');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '0612345678');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-124');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByText('Registration successful! Please check your email to confirm your account before logging in.'),
    ).toBeInTheDocument();
    expect(location(router)).toBe('/login');
  });

  it('signing up on the way to the custom checkout leads back there after the e-mail is confirmed', async () => {
    mockFetch({ '/api/register': () => jsonResponse({ message: 'ok' }, 201), '/api/email/confirm': { message: 'confirmed' } });
    const { router } = renderAt('/login?redirect=%2Fcustom-checkout');
    const create = await screen.findByRole('link', { name: /Create an account|Sign up/i });
    expect(create).toHaveAttribute('href', '/signup?redirect=%2Fcustom-checkout');
    await userEvent.click(create);
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'Salma Bennani');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '0612345678');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(location(router)).toBe('/login?redirect=%2Fcustom-checkout'));
    // The confirmation link opens a page of its own: its "sign in" still leads back to the custom checkout.
    await act(() => router.navigate('/email-confirmation/abc'));
    const login = await screen.findAllByRole('link', { name: /log in|sign in/i });
    expect(login[0]).toHaveAttribute('href', '/login?redirect=%2Fcustom-checkout');
  });

  it('refuses a redirect to another site', async () => {
    mockFetch({});
    renderAt('/login?redirect=%2F%2Fevil.example');
    expect(await screen.findByRole('link', { name: /Create an account|Sign up/i })).toHaveAttribute('href', '/signup');
  });
});

describe('password pages', () => {
  it('reset without a token says the link is invalid', async () => {
    mockFetch({});
    renderAt('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired link.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('reset checks the rules and reports an expired link (410)', async () => {
    mockFetch({ '/api/password/reset': () => jsonResponse({ message: 'expired' }, 410) });
    renderAt('/reset-password?token=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'abc');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
  });

  it('forgot password reports an unknown address (404)', async () => {
    mockFetch({ '/api/password/forgot': () => jsonResponse({ message: 'nope' }, 404) });
    renderAt('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email address/), 'nobody@example.ma');
    await userEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email address not found. Please check your email or sign up for a new account.',
    );
  });

  it('change password refuses the same password', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 3_600_000));
    session.reload();
    const fetch = mockFetch({});
    renderAt('/change-password');
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'secret-123');
    await userEvent.type(screen.getByLabelText(/^New password/), 'secret-123');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be different from your current password.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('email confirmation', () => {
  it('shows the expired state (410) and resends through a dialog; cancel does nothing', async () => {
    const fetch = mockFetch({
      '/api/email/confirm': () => jsonResponse({ message: 'expired' }, 410),
      '/api/email/resend-confirmation': { message: 'sent' },
    });
    renderAt('/email-confirmation/tok-410');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
    expect(screen.getByText('This confirmation link has expired. Please request a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');

    await userEvent.click(screen.getByRole('button', { name: 'Send a new confirmation email' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend the confirmation email' });
    expect(within(dialog).getByLabelText(/^Email address/)).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('resend'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Send a new confirmation email' }));
    await userEvent.type(screen.getByLabelText(/^Email address/), 'salma@example.ma');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Confirmation email sent successfully! Please check your inbox.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/email/confirm'))).toHaveLength(1);
  });
});
