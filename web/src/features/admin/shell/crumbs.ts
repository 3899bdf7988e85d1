/**
 * Breadcrumbs of the back office: each admin route says its trail in `handle`, after the Dashboard
 * crumb that every trail starts with.
 *
 *   { path: 'orders/edit/:id', handle: crumbs((p) => [{ label: 'menu.orders', to: '/admin/orders' }, { label: 'breadcrumb.editNumbered', values: { id: p.id } }]) }
 */
import type { Params } from 'react-router';

export type Crumb = {
  /** Key in the admin namespaces (`admin:...` by default; `admin-orders:...` works too). */
  label: string;
  values?: Record<string, string | number | undefined>;
  /** A link, except for the last crumb (the current page). */
  to?: string;
};

export type AdminRouteHandle = { crumbs: (params: Params) => Crumb[] };

export const crumbs = (trail: (params: Params) => Crumb[]): AdminRouteHandle => ({ crumbs: trail });

/** A one-step trail: Dashboard › {label}. */
export const crumb = (label: string): AdminRouteHandle => crumbs(() => [{ label }]);

export const isAdminRouteHandle = (handle: unknown): handle is AdminRouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as AdminRouteHandle).crumbs === 'function';
