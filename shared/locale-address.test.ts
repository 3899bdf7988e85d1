import { describe, expect, it } from 'vitest';
import { basenameFor, isBackOfficePath, LANGUAGE_COOKIE, localePath, splitLocalePath } from './locale-address.js';

describe('language in the address', () => {
  it('puts French at the root and the other languages under their code, both ways', () => {
    expect(localePath('fr', '/product/12')).toBe('/product/12');
    expect(localePath('ar', '/')).toBe('/ar/');
    expect(splitLocalePath('/en/product/12')).toEqual({ locale: 'en', path: '/product/12', prefixed: true });
    expect(splitLocalePath('/shop')).toEqual({ locale: 'fr', path: '/shop', prefixed: false });
    expect(basenameFor('fr')).toBe('/');
    expect(basenameFor('ar')).toBe('/ar');
  });

  it('keeps the back office out of it, and names the cookie the server reads', () => {
    expect(isBackOfficePath('/admin')).toBe(true);
    expect(isBackOfficePath('/admin/orders?page=2')).toBe(true);
    expect(isBackOfficePath('/administration')).toBe(false);
    expect(LANGUAGE_COOKIE).toBe('lang');
  });
});
