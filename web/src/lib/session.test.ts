/**
 * The periodic session check ends the session when it fails, except when it was cut short because
 * the page is being left (the browser aborts the page's requests; the next page must still find the
 * visitor logged in).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSession, session, type SessionUser } from './session';

const user = { id: 7, name: 'Salma Bennani', email: 'salma@example.ma', phone: null, address: null, role: 'customer' } as SessionUser;
const failingFetch = () => vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));

afterEach(() => {
  vi.unstubAllGlobals();
  session.end('logout');
  window.dispatchEvent(new Event('pageshow'));
});

describe('the session check', () => {
  it('ends the session when the check fails', async () => {
    session.start(user, 3600);
    vi.stubGlobal('fetch', failingFetch());
    await checkSession();
    expect(session.get().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps it when the check was cut short by leaving the page', async () => {
    session.start(user, 3600);
    vi.stubGlobal('fetch', failingFetch());
    window.dispatchEvent(new Event('beforeunload'));
    await checkSession();
    expect(session.get().user?.id).toBe(user.id);
    expect(localStorage.getItem('user')).not.toBeNull();
  });
});
