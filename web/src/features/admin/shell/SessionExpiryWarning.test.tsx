import { QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderBare, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_SECONDS } from '@shared/constants';
import { setLanguage } from '@web/lib/i18n';
import { api } from '@web/lib/api';
import { session } from '@web/lib/session';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { minutesLeft, SessionExpiryWarning } from './SessionExpiryWarning';

const admin = { id: 1, name: 'Admin', email: 'admin@flora.ma', phone: null, address: null, role: 'admin' as const };

const render = (ui: React.ReactElement) => renderBare(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);

function startSession(secondsLeft: number) {
  localStorage.setItem('user', JSON.stringify(admin));
  localStorage.setItem('session_expiry', String(Date.now() + secondsLeft * 1000));
  session.reload();
}

beforeAll(async () => {
  await setLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  session.reload();
});

describe('admin session warning', () => {
  it('appears 5 minutes before the end, and "Stay signed in" extends the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    startSession(8 * 60);
    const fetch = mockFetch({ '/api/admin/session/extend': { message: 'You stay signed in.', expires_in: SESSION_TTL_SECONDS } });
    render(<SessionExpiryWarning />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000 + 1_000));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Your session ends in 5 minutes.');
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Your session ends in 1 minute.');

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/admin/session/extend'), expect.objectContaining({ method: 'POST' }));
    expect(session.remainingSeconds()).toBeGreaterThan(SESSION_TTL_SECONDS - 5);
    expect(session.isLoggedIn()).toBe(true);
  });

  it('ends the session at its expiry when nobody answers, and at once when the server has ended it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    startSession(60);
    render(<SessionExpiryWarning />);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(session.isLoggedIn()).toBe(false);
    expect(session.get().endReason).toBe('expired');

    vi.useRealTimers();
    startSession(120);
    mockFetch({ '/api/admin/session/extend': () => jsonResponse({ message: 'Unauthenticated.' }, 401) });
    render(<SessionExpiryWarning />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Stay signed in' }).at(-1)!);
    await vi.waitFor(() => expect(session.isLoggedIn()).toBe(false));
    expect(session.get().endReason).toBe('unauthorized');
  });

  it('follows the end the server answers: activity anywhere in the back office moves it', async () => {
    startSession(60);
    render(<SessionExpiryWarning />);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    mockFetch({
      '/api/admin/orders': () =>
        new Response('{"data":[]}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'session-expires-in': String(SESSION_TTL_SECONDS) },
        }),
    });
    await api.get('/admin/orders');
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(session.remainingSeconds()).toBeGreaterThan(SESSION_TTL_SECONDS - 5);
  });

  it('counts whole minutes, at least one', () => {
    expect(minutesLeft(10 * 60_000, 0)).toBe(10);
    expect(minutesLeft(61_000, 0)).toBe(2);
    expect(minutesLeft(5_000, 0)).toBe(1);
  });
});
