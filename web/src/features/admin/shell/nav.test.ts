import { describe, expect, it } from 'vitest';
import { currentNavItem } from './nav';

describe('currentNavItem', () => {
  it.each([
    ['/admin', '/admin/dashboard'],
    ['/admin/dashboard', '/admin/dashboard'],
    ['/admin/dashboard/revenue', '/admin/revenue'],
    ['/admin/products', '/admin/products'],
    ['/admin/products/edit/3', '/admin/products'],
    ['/admin/products/reorder', '/admin/products/reorder'],
    ['/admin/subcategories/new', '/admin/categories'],
    ['/admin/orders/today', '/admin/orders/today'],
    ['/admin/orders/edit/9', '/admin/orders'],
    ['/admin/nothing', null],
  ])('marks %s as %s', (path, item) => {
    expect(currentNavItem(path)).toBe(item);
  });
});
