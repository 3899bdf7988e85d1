import { describe, expect, it } from 'vitest';
import { safeRedirect } from './session';

const ORIGIN = 'https://flora.example';
const FALLBACK = '/';

describe('safeRedirect: a target after login stays on the shop’s origin', () => {
  const refused = [
    null,
    undefined,
    '',
    'profile',
    '//evil.com',
    '//evil.com/profile',
    '///evil.com',
    'https://evil.com',
    'http://evil.com/profile',
    'https://flora.example.evil.com/',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '\t//evil.com',
    ' //evil.com',
    '/ /evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '/javascript:alert(1)\\',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.c',
    '/login',
    '/login?redirect=/profile',
    '/signup',
    '/session-expired',
    '/admin/login?next=/admin/orders',
    '/profile/../login',
    `/${'a'.repeat(3000)}`,
  ];
  it.each(refused.map((v) => [JSON.stringify(v), v]))('refuses %s', (_, value) => {
    expect(safeRedirect(value as string | null | undefined, FALLBACK, ORIGIN)).toBe(FALLBACK);
  });

  const kept: [string, string][] = [
    ['/profile', '/profile'],
    ['/profile/orders?page=2#top', '/profile/orders?page=2#top'],
    ['/shop?q=rose%20rouge', '/shop?q=rose%20rouge'],
    ['/admin/orders', '/admin/orders'],
    ['/a/../cart', '/cart'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    ['/login-help', '/login-help'],
  ];
  it.each(kept)('keeps %s as %s', (value, expected) => {
    expect(safeRedirect(value, FALLBACK, ORIGIN)).toBe(expected);
  });

  it('uses the caller’s fallback and the page’s origin by default', () => {
    expect(safeRedirect('https://evil.com', '/admin/dashboard')).toBe('/admin/dashboard');
    expect(safeRedirect('/wishlist')).toBe('/wishlist');
  });
});
