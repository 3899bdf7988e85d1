import { useTranslation } from 'react-i18next';
import { LOCALES, toLocale, type Locale } from '@shared/constants';
import { cn } from './cn';
import { switchLanguage } from '@web/lib/i18n';

const SHORT: Record<Locale, string> = { en: 'EN', fr: 'FR', ar: 'AR' };
const ORDER: Locale[] = ['en', 'fr', 'ar'];

/** EN / FR / AR buttons; the pressed one is the language in use. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-full border border-line bg-surface p-0.5', className)}
    >
      {ORDER.filter((l) => LOCALES.includes(l)).map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          aria-label={`${SHORT[language]} – ${t(`language.${language}`)}`}
          title={t(`language.${language}`)}
          onClick={() => void switchLanguage(language)}
          className={cn(
            'min-h-8 min-w-10 rounded-full px-2.5 text-xs font-semibold tracking-wide transition-colors',
            current === language ? 'bg-primary text-white' : 'text-muted hover:bg-sand hover:text-ink',
          )}
        >
          {SHORT[language]}
        </button>
      ))}
    </div>
  );
}
