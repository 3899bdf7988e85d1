/**
 * Back office, relative to /admin (back-office spec, section 2, and the shop settings beyond it).
 * This module is loaded only when a path under /admin is visited (see app/router.tsx): nothing here
 * is in the storefront's download. Each page is a lazy `adminPage(...)` with its breadcrumb trail.
 *
 * Pages not built yet show the admin not-found page (`notYet`), so every path of the menu answers.
 */
import type { RouteObject } from 'react-router';
import { adminPage } from '@web/lib/lazy-page';
import { crumb, crumbs } from './shell/crumbs';

const notYet = adminPage(() => import('./shell/AdminNotFound'));

export const adminRoutes: RouteObject[] = [
  // Sales: dashboard, revenue, orders (issue: back office I).
  { index: true, handle: crumb('menu.dashboard'), lazy: notYet },
  { path: 'dashboard', handle: crumb('menu.dashboard'), lazy: notYet },
  { path: 'dashboard/revenue', handle: crumb('menu.revenue'), lazy: notYet },
  { path: 'revenue', handle: crumb('menu.revenue'), lazy: notYet },
  { path: 'orders', handle: crumb('menu.orders'), lazy: notYet },
  { path: 'orders/today', handle: crumbs(() => [{ label: 'menu.orders', to: '/admin/orders' }, { label: 'menu.today' }]), lazy: notYet },
  { path: 'orders/edit/:id', handle: crumbs((p) => [{ label: 'menu.orders', to: '/admin/orders' }, { label: 'breadcrumb.editNumbered', values: { id: p.id } }]), lazy: notYet },

  // Catalogue (issue: back office II).
  { path: 'products', handle: crumb('menu.products'), lazy: notYet },
  { path: 'products/reorder', handle: crumbs(() => [{ label: 'menu.products', to: '/admin/products' }, { label: 'menu.reorder' }]), lazy: notYet },
  { path: 'products/add', handle: crumbs(() => [{ label: 'menu.products', to: '/admin/products' }, { label: 'breadcrumb.new' }]), lazy: notYet },
  { path: 'products/new', handle: crumbs(() => [{ label: 'menu.products', to: '/admin/products' }, { label: 'breadcrumb.new' }]), lazy: notYet },
  { path: 'products/edit/:id', handle: crumbs((p) => [{ label: 'menu.products', to: '/admin/products' }, { label: 'breadcrumb.editNumbered', values: { id: p.id } }]), lazy: notYet },
  { path: 'categories', handle: crumb('menu.categories'), lazy: notYet },
  { path: 'categories/new', handle: crumbs(() => [{ label: 'menu.categories', to: '/admin/categories' }, { label: 'breadcrumb.new' }]), lazy: notYet },
  { path: 'categories/edit/:id', handle: crumbs((p) => [{ label: 'menu.categories', to: '/admin/categories' }, { label: 'breadcrumb.editNumbered', values: { id: p.id } }]), lazy: notYet },
  { path: 'subcategories', handle: crumbs(() => [{ label: 'menu.categories', to: '/admin/categories' }, { label: 'menu.subcategories' }]), lazy: notYet },
  { path: 'subcategories/new', handle: crumbs(() => [{ label: 'menu.subcategories', to: '/admin/subcategories' }, { label: 'breadcrumb.new' }]), lazy: notYet },
  { path: 'subcategories/edit/:id', handle: crumbs((p) => [{ label: 'menu.subcategories', to: '/admin/subcategories' }, { label: 'breadcrumb.editNumbered', values: { id: p.id } }]), lazy: notYet },
  { path: 'colors', handle: crumb('menu.colors'), lazy: notYet },

  // People and shop settings (issue: back office III).
  { path: 'customers', handle: crumb('menu.customers'), lazy: notYet },
  { path: 'customers/:id', handle: crumbs((p) => [{ label: 'menu.customers', to: '/admin/customers' }, { label: 'breadcrumb.editNumbered', values: { id: p.id } }]), lazy: notYet },
  { path: 'testimonials', handle: crumb('menu.testimonials'), lazy: notYet },
  { path: 'profile', handle: crumb('menu.profile'), lazy: notYet },
  { path: 'profile/new-admin', handle: crumbs(() => [{ label: 'menu.profile', to: '/admin/profile' }, { label: 'breadcrumb.add' }]), lazy: notYet },
  { path: 'add-admin', handle: crumbs(() => [{ label: 'menu.profile', to: '/admin/profile' }, { label: 'breadcrumb.add' }]), lazy: notYet },
  { path: 'coupons', handle: crumb('menu.coupons'), lazy: notYet },
  { path: 'delivery-zones', handle: crumb('menu.deliveryZones'), lazy: notYet },
  { path: 'closed-dates', handle: crumb('menu.closedDates'), lazy: notYet },
  { path: 'settings', handle: crumb('menu.settings'), lazy: notYet },
  { path: 'audit', handle: crumb('menu.audit'), lazy: notYet },

  { path: '*', lazy: notYet },
];
