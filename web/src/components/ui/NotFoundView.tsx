import { Flower2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@web/lib/head';
import { ButtonLink } from './Button';

/** "Page Not Found" with a way home: unknown storefront paths, and /admin for anyone not an admin. */
export function NotFoundView() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <section className="container-shop flex flex-col items-center py-20 text-center sm:py-28">
      <Flower2 aria-hidden="true" className="mb-6 size-12 text-rose" strokeWidth={1.25} />
      <p className="mb-2 text-sm font-medium tracking-widest text-muted">404</p>
      <h1 className="mb-4 text-3xl text-ink sm:text-4xl">{t('errors.notFoundTitle')}</h1>
      <p className="mb-8 max-w-md text-muted">{t('errors.notFoundText')}</p>
      <ButtonLink to="/">{t('actions.backHome')}</ButtonLink>
    </section>
  );
}
