import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/Button';

/** The router's error page: a route threw while loading or rendering. */
export default function ServerError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = t('errors.serverErrorTitle');
  }, [error, t]);
  return (
    <section role="alert" className="container-shop flex flex-col items-center py-20 text-center sm:py-28">
      <p className="mb-2 text-sm font-medium tracking-widest text-muted">500</p>
      <h1 className="mb-4 text-3xl text-ink sm:text-4xl">{t('errors.serverErrorTitle')}</h1>
      <p className="mb-8 max-w-md text-muted">{t('errors.serverErrorText')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
        <Link to="/" reloadDocument className={buttonClasses({ variant: 'secondary' })}>
          {t('actions.backHome')}
        </Link>
      </div>
    </section>
  );
}
