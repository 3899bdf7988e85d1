import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the page title as "<title> · <brand>" (or the brand alone). */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : `${brand} · ${t('tagline')}`;
  }, [title, brand, t]);
}
