import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isAdminRouteHandle, type Crumb } from './crumbs';

/** Dashboard › … › the current page, from the deepest admin route's handle. */
export function AdminBreadcrumbs() {
  const { t } = useTranslation('admin');
  const matches = useMatches();
  const leaf = [...matches].reverse().find((m) => isAdminRouteHandle(m.handle));
  const trail: Crumb[] = leaf && isAdminRouteHandle(leaf.handle) ? leaf.handle.crumbs(leaf.params) : [];
  const all: Crumb[] = [{ label: 'menu.dashboard', to: '/admin/dashboard' }, ...trail.filter((c) => c.label !== 'menu.dashboard')];
  return (
    <nav aria-label={t('breadcrumb.label')} className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
        {all.map((c, i) => {
          const last = i === all.length - 1;
          const text = t(c.label, c.values);
          return (
            <Fragment key={`${c.label}-${i}`}>
              {i > 0 && (
                // Flipped in Arabic as the other arrows are (scale): with `rotate` the property was
                // computed, yet Chromium drew the chevron unturned, pointing back at the parent.
                <li aria-hidden="true" className="flex">
                  <ChevronRight className="size-4 shrink-0 rtl:-scale-x-100" />
                </li>
              )}
              <li className="min-w-0 truncate">
                {last || !c.to ? (
                  <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-ink' : undefined}>
                    {text}
                  </span>
                ) : (
                  <Link to={c.to} className="hover:text-primary hover:underline">
                    {text}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
