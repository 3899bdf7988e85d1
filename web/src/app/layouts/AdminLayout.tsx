/** The back office's minimal frame: no public header or footer. Admin pages render in its outlet. */
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavigationProgress, SkipLink } from './StorefrontLayout';

export default function AdminLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <SkipLink />
      <NavigationProgress />
      <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
        <div className="container-shop flex h-14 items-center justify-between gap-4">
          <Link to="/admin/dashboard" className="font-display text-lg font-semibold text-primary">
            {t('brand')} <span className="text-sm font-normal text-muted">· {t('admin.title')}</span>
          </Link>
          <div className="flex items-center gap-3">
            <LanguageSwitcher />
            <Link to="/" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
              <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
              {t('admin.backToShop')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}
