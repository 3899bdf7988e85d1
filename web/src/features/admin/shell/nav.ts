/**
 * The back-office menu (sales, catalogue, people and the shop settings), in groups. The item
 * whose path is the longest prefix of the current path is the current one (so /admin/products/edit/3
 * marks Products, /admin/products/reorder marks Reorder).
 */
import {
  BadgePercent,
  Banknote,
  CalendarX2,
  ChartLine,
  FolderTree,
  LayoutDashboard,
  ListOrdered,
  MapPinned,
  MessageSquareQuote,
  Package,
  Gift,
  Palette,
  Route,
  ScrollText,
  Settings,
  ShoppingBag,
  Truck,
  UserRound,
  Users,
  type LucideIcon,
  Clock,
} from 'lucide-react';

export type AdminNavItem = {
  /** Key in the `admin` namespace. */
  label: string;
  to: string;
  icon: LucideIcon;
  superAdminOnly?: boolean;
};
export type AdminNavGroup = { label: string; items: AdminNavItem[] };

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: 'menu.groups.sales',
    items: [
      { label: 'menu.dashboard', to: '/admin/dashboard', icon: LayoutDashboard },
      { label: 'menu.orders', to: '/admin/orders', icon: ShoppingBag },
      { label: 'menu.today', to: '/admin/orders/today', icon: Truck },
      { label: 'admin-rounds:menu.rounds', to: '/admin/rounds', icon: Route },
      { label: 'menu.revenue', to: '/admin/revenue', icon: ChartLine },
      { label: 'menu.cash', to: '/admin/cash', icon: Banknote },
    ],
  },
  {
    label: 'menu.groups.catalogue',
    items: [
      { label: 'menu.products', to: '/admin/products', icon: Package },
      { label: 'menu.reorder', to: '/admin/products/reorder', icon: ListOrdered },
      { label: 'menu.categories', to: '/admin/categories', icon: FolderTree },
      { label: 'menu.colors', to: '/admin/colors', icon: Palette },
      { label: 'menu.occasions', to: '/admin/occasions', icon: Gift },
    ],
  },
  {
    label: 'menu.groups.people',
    items: [
      { label: 'menu.customers', to: '/admin/customers', icon: Users },
      { label: 'menu.testimonials', to: '/admin/testimonials', icon: MessageSquareQuote },
    ],
  },
  {
    label: 'menu.groups.shop',
    items: [
      { label: 'menu.coupons', to: '/admin/coupons', icon: BadgePercent },
      { label: 'menu.deliveryZones', to: '/admin/delivery-zones', icon: MapPinned },
      { label: 'menu.deliverySlots', to: '/admin/delivery-slots', icon: Clock },
      { label: 'menu.closedDates', to: '/admin/closed-dates', icon: CalendarX2 },
      { label: 'menu.settings', to: '/admin/settings', icon: Settings },
      { label: 'menu.audit', to: '/admin/audit', icon: ScrollText, superAdminOnly: true },
    ],
  },
  {
    label: 'menu.groups.account',
    items: [{ label: 'menu.profile', to: '/admin/profile', icon: UserRound }],
  },
];

/** A driver's menu: its round and its own profile (the server refuses it everything else). */
export const DRIVER_NAV: AdminNavGroup[] = [
  {
    label: 'menu.groups.account',
    items: [
      { label: 'admin-rounds:menu.round', to: '/admin/round', icon: Truck },
      { label: 'menu.profile', to: '/admin/profile', icon: UserRound },
    ],
  },
];
/** The pages a driver may open; any other back-office path takes it to its round. */
export const DRIVER_PATHS = ['/admin/round', '/admin/profile'];

/** Aliases: paths (and what is under them) that belong to another menu item. */
const ALIASES: Record<string, string> = { '/admin/dashboard/revenue': '/admin/revenue', '/admin/subcategories': '/admin/categories' };

/** The menu item a path belongs to (longest matching prefix), or null. */
export function currentNavItem(pathname: string, groups: AdminNavGroup[] = ADMIN_NAV): string | null {
  let path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') path = '/admin/dashboard';
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (path === alias || path.startsWith(`${alias}/`)) path = target + path.slice(alias.length);
  }
  let best: string | null = null;
  for (const item of groups.flatMap((g) => g.items)) {
    if ((path === item.to || path.startsWith(`${item.to}/`)) && (!best || item.to.length > best.length)) best = item.to;
  }
  return best;
}
