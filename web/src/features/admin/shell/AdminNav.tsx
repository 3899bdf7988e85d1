import { ArrowLeft, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { ADMIN_NAV, DRIVER_NAV, currentNavItem } from './nav';

const itemClass =
  'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary';

/** The menu: groups of links, then back to the shop and logout. Used in the sidebar and the phone drawer. */
export function AdminNav({
  isSuperAdmin,
  isDriver = false,
  onNavigate,
  onLogout,
  loggingOut,
}: {
  isSuperAdmin: boolean;
  /** A driver's menu: its round and its profile. */
  isDriver?: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const groups = isDriver ? DRIVER_NAV : ADMIN_NAV;
  const current = currentNavItem(pathname, groups);
  return (
    <nav aria-label={t('menu.label')} className="flex flex-col gap-5">
      {groups.map((group) => {
        const items = group.items.filter((item) => !item.superAdminOnly || isSuperAdmin);
        if (items.length === 0) return null;
        return (
          <div key={group.label}>
            <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-muted uppercase">{t(group.label)}</p>
            <ul className="flex flex-col gap-0.5">
              {items.map(({ label, to, icon: Icon }) => {
                const active = current === to;
                return (
                  <li key={to}>
                    <Link
                      to={to}
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={cn(itemClass, active ? 'bg-primary text-white' : 'text-ink hover:bg-sand')}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {t(label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      <ul className="flex flex-col gap-0.5 border-t border-line pt-4">
        <li>
          <Link to="/" onClick={onNavigate} className={cn(itemClass, 'text-ink hover:bg-sand')}>
            <ArrowLeft aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
            {t('menu.backHome')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            className={cn(itemClass, 'w-full text-danger hover:bg-danger-soft disabled:opacity-60')}
          >
            <LogOut aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
            {loggingOut ? t('menu.loggingOut') : t('menu.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
