import { describe, expect, it } from 'vitest';
import { adminNext } from './admin-next';

const ORIGIN = 'https://flora.ma';

describe('adminNext', () => {
  it('follows back-office paths of this shop, with their query', () => {
    expect(adminNext('/admin/orders?page=2', ORIGIN)).toBe('/admin/orders?page=2');
    expect(adminNext('/admin', ORIGIN)).toBe('/admin');
    expect(adminNext(encodeURI('/admin/products/12/edit'), ORIGIN)).toBe('/admin/products/12/edit');
  });

  it('ignores everything else', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      'javascript:alert(1)',
      '/profile',
      '/administrator',
      '/login?next=/admin',
      'admin/orders',
    ]) {
      expect(adminNext(value, ORIGIN), String(value)).toBeNull();
    }
  });
});
