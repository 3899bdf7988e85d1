import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';
import { useDocumentTitle } from '@web/lib/head';

/** An unknown path under /admin, inside the back office's frame. */
export default function AdminNotFound() {
  const { t } = useTranslation(['common', 'admin']);
  useDocumentTitle(t('common:errors.notFoundTitle'));
  return (
    <section className="flex flex-col items-center py-16 text-center">
      <SearchX aria-hidden="true" className="mb-4 size-10 text-muted" strokeWidth={1.5} />
      <p className="mb-1 text-sm font-medium tracking-widest text-muted">404</p>
      <h1 className="mb-3 text-2xl text-ink">{t('common:errors.notFoundTitle')}</h1>
      <p className="mb-6 max-w-md text-muted">{t('common:errors.notFoundText')}</p>
      <ButtonLink to="/admin/dashboard">{t('admin:menu.dashboard')}</ButtonLink>
    </section>
  );
}
