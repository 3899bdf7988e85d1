/**
 * Back office, relative to /admin (sales, catalogue, people and the shop settings).
 * This module is loaded only when a path under /admin is visited (see app/router.tsx): nothing here
 * is in the storefront's download. Each page is a lazy `adminPage(...)` with its breadcrumb trail.
 *
 * A path that matches no page shows the admin not-found page, inside the back office's frame.
 */
import type { RouteObject } from 'react-router';
import { adminPage } from '@web/lib/lazy-page';
import { crumb, crumbs } from './shell/crumbs';

const adminNotFoundPage = adminPage(() => import('./shell/AdminNotFound'));
const productsPage = adminPage(() => import('./catalogue/products/ProductsPage'));
const productFormPage = adminPage(() => import('./catalogue/products/ProductFormPage'));
const reorderPage = adminPage(() => import('./catalogue/products/ReorderPage'));
const categoriesPage = adminPage(() => import('./catalogue/categories/CategoriesPage'));
const categoryFormPage = adminPage(() => import('./catalogue/categories/CategoryFormPage'));
const subcategoriesPage = adminPage(() => import('./catalogue/subcategories/SubcategoriesPage'));
const subcategoryFormPage = adminPage(() => import('./catalogue/subcategories/SubcategoryFormPage'));
const colorsPage = adminPage(() => import('./catalogue/colors/ColorsPage'));
const occasionsPage = adminPage(() => import('./occasions/OccasionsPage'));

export const adminRoutes: RouteObject[] = [
  // Sales: dashboard, revenue, orders.
  { index: true, handle: crumb('menu.dashboard'), lazy: adminPage(() => import('./dashboard/Dashboard')) },
  { path: 'dashboard', handle: crumb('menu.dashboard'), lazy: adminPage(() => import('./dashboard/Dashboard')) },
  { path: 'dashboard/revenue', handle: crumb('menu.revenue'), lazy: adminPage(() => import('./dashboard/RevenuePage')) },
  { path: 'revenue', handle: crumb('menu.revenue'), lazy: adminPage(() => import('./dashboard/RevenuePage')) },
  { path: 'cash', handle: crumb('menu.cash'), lazy: adminPage(() => import('./money/CashPage')) },
  { path: 'orders', handle: crumb('menu.orders'), lazy: adminPage(() => import('./orders/OrdersPage')) },
  // Drivers: staff's board of a day, and the driver's own round (its phone view).
  { path: 'rounds', handle: crumb('admin-rounds:menu.rounds'), lazy: adminPage(() => import('./rounds/RoundsPage')) },
  { path: 'round', handle: crumb('admin-rounds:menu.round'), lazy: adminPage(() => import('./rounds/DriverRoundPage')) },
  {
    path: 'orders/today',
    handle: crumbs(() => [{ label: 'menu.orders', to: '/admin/orders' }, { label: 'menu.today' }]),
    lazy: adminPage(() => import('./orders/WorkshopPage')),
  },
  {
    path: 'orders/new',
    handle: crumbs(() => [{ label: 'menu.orders', to: '/admin/orders' }, { label: 'breadcrumb.new' }]),
    lazy: adminPage(() => import('./orders/NewOrderPage')),
  },
  {
    path: 'orders/edit/:id',
    handle: crumbs((p) => [
      { label: 'menu.orders', to: '/admin/orders' },
      { label: 'breadcrumb.editNumbered', values: { id: p.id } },
    ]),
    lazy: adminPage(() => import('./orders/OrderEditPage')),
  },

  // Catalogue.
  { path: 'products', handle: crumb('menu.products'), lazy: productsPage },
  {
    path: 'products/reorder',
    handle: crumbs(() => [{ label: 'menu.products', to: '/admin/products' }, { label: 'menu.reorder' }]),
    lazy: reorderPage,
  },
  {
    path: 'products/add',
    handle: crumbs(() => [{ label: 'menu.products', to: '/admin/products' }, { label: 'breadcrumb.new' }]),
    lazy: productFormPage,
  },
  {
    path: 'products/new',
    handle: crumbs(() => [{ label: 'menu.products', to: '/admin/products' }, { label: 'breadcrumb.new' }]),
    lazy: productFormPage,
  },
  {
    path: 'products/edit/:id',
    handle: crumbs((p) => [
      { label: 'menu.products', to: '/admin/products' },
      { label: 'breadcrumb.editNumbered', values: { id: p.id } },
    ]),
    lazy: productFormPage,
  },
  { path: 'categories', handle: crumb('menu.categories'), lazy: categoriesPage },
  {
    path: 'categories/new',
    handle: crumbs(() => [{ label: 'menu.categories', to: '/admin/categories' }, { label: 'breadcrumb.new' }]),
    lazy: categoryFormPage,
  },
  {
    path: 'categories/edit/:id',
    handle: crumbs((p) => [
      { label: 'menu.categories', to: '/admin/categories' },
      { label: 'breadcrumb.editNumbered', values: { id: p.id } },
    ]),
    lazy: categoryFormPage,
  },
  {
    path: 'subcategories',
    handle: crumbs(() => [{ label: 'menu.categories', to: '/admin/categories' }, { label: 'menu.subcategories' }]),
    lazy: subcategoriesPage,
  },
  {
    path: 'subcategories/new',
    handle: crumbs(() => [{ label: 'menu.subcategories', to: '/admin/subcategories' }, { label: 'breadcrumb.new' }]),
    lazy: subcategoryFormPage,
  },
  {
    path: 'subcategories/edit/:id',
    handle: crumbs((p) => [
      { label: 'menu.subcategories', to: '/admin/subcategories' },
      { label: 'breadcrumb.editNumbered', values: { id: p.id } },
    ]),
    lazy: subcategoryFormPage,
  },
  { path: 'colors', handle: crumb('menu.colors'), lazy: colorsPage },
  { path: 'occasions', handle: crumb('menu.occasions'), lazy: occasionsPage },

  // People and shop settings.
  { path: 'customers', handle: crumb('menu.customers'), lazy: adminPage(() => import('./people/customers/CustomersPage')) },
  {
    path: 'customers/:id',
    handle: crumbs((p) => [
      { label: 'menu.customers', to: '/admin/customers' },
      { label: 'breadcrumb.numbered', values: { id: p.id } },
    ]),
    lazy: adminPage(() => import('./people/customers/CustomerPage')),
  },
  { path: 'customers/guests/:id', handle: crumb('menu.customers'), lazy: adminPage(() => import('./people/customers/CustomerPage')) },
  { path: 'testimonials', handle: crumb('menu.testimonials'), lazy: adminPage(() => import('./testimonials/TestimonialsPage')) },
  { path: 'profile', handle: crumb('menu.profile'), lazy: adminPage(() => import('./profile/ProfilePage')) },
  {
    path: 'profile/new-admin',
    handle: crumbs(() => [{ label: 'menu.profile', to: '/admin/profile' }, { label: 'breadcrumb.add' }]),
    lazy: adminPage(() => import('./profile/AddAdminPage')),
  },
  {
    path: 'add-admin',
    handle: crumbs(() => [{ label: 'menu.profile', to: '/admin/profile' }, { label: 'breadcrumb.add' }]),
    lazy: adminPage(() => import('./profile/AddAdminPage')),
  },
  { path: 'coupons', handle: crumb('menu.coupons'), lazy: adminPage(() => import('./coupons/CouponsPage')) },
  { path: 'delivery-zones', handle: crumb('menu.deliveryZones'), lazy: adminPage(() => import('./delivery/zones/DeliveryZonesPage')) },
  { path: 'delivery-slots', handle: crumb('menu.deliverySlots'), lazy: adminPage(() => import('./delivery/slots/DeliverySlotsPage')) },
  { path: 'closed-dates', handle: crumb('menu.closedDates'), lazy: adminPage(() => import('./delivery/closed-dates/ClosedDatesPage')) },
  { path: 'settings', handle: crumb('menu.settings'), lazy: adminPage(() => import('./shop/ShopSettingsPage')) },
  { path: 'audit', handle: crumb('menu.audit'), lazy: adminPage(() => import('./audit/AuditPage')) },

  { path: '*', lazy: adminNotFoundPage },
];
