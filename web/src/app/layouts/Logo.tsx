import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function Mark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
      <circle cx="16" cy="16" r="16" className="fill-primary" />
      <g className="fill-rose-light">
        <circle cx="16" cy="10.5" r="4.5" />
        <circle cx="10.8" cy="14.6" r="4.5" />
        <circle cx="21.2" cy="14.6" r="4.5" />
        <circle cx="12.8" cy="20.4" r="4.5" />
        <circle cx="19.2" cy="20.4" r="4.5" />
      </g>
      <circle cx="16" cy="16" r="3" className="fill-rose" />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation('common');
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-full" aria-label={t('nav.homeLabel', { brand: t('brand') })}>
      <Mark />
      <span className="font-display text-xl font-semibold whitespace-nowrap tracking-tight text-primary sm:text-2xl">{t('brand')}</span>
    </Link>
  );
}
