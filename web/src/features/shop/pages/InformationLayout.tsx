/** The information hub: its tabs (links, the current one marked with aria-current) above the tab's page. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { ProseColumn } from '../components/Prose';
import { TOPICS } from '../components/topics';

export const TAB_LABEL_KEYS = {
  about: 'nav.about',
  delivery: 'nav.delivery',
  'care-guide': 'nav.careGuide',
  sustainability: 'nav.sustainability',
  terms: 'nav.terms',
} as const;

/** Short labels for the tab strip (the full names are the pages' titles and the hub's cards). */
const SHORT_LABEL_KEYS = {
  about: 'nav.short.about',
  delivery: 'nav.short.delivery',
  'care-guide': 'nav.short.careGuide',
  sustainability: 'nav.short.sustainability',
  terms: 'nav.short.terms',
} as const;

export function InformationTabs() {
  const { t } = useTranslation('shop');
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the strip scrolls sideways: bring the current tab into view.
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={navRef} aria-label={t('nav.tabs')} className="-mx-4 mb-10 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1">
        {TOPICS.map((topic) => (
          <li key={topic}>
            <NavLink
              to={`/information/${topic}`}
              end
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm sm:px-4 font-medium whitespace-nowrap transition-colors',
                  isActive ? 'border-primary text-primary' : 'border-transparent text-muted hover:border-line hover:text-ink',
                )
              }
            >
              {t(SHORT_LABEL_KEYS[topic])}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function InformationLayout() {
  const { t } = useTranslation('shop');
  return (
    <div className="container-shop py-10 sm:py-14">
      <ProseColumn>
        <p className="mb-4 text-sm font-medium tracking-wide text-rose">{t('nav.hub')}</p>
        <InformationTabs />
        <Outlet />
      </ProseColumn>
    </div>
  );
}
