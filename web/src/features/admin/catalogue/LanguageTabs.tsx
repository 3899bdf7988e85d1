/**
 * French, English and Arabic versions of a form's texts, one tab each (French required, the others
 * optional: the shop falls back to French). Arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

export const FORM_LANGUAGES = ['fr', 'en', 'ar'] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

export function LanguageTabs({
  children,
  invalid,
}: {
  children: (lang: FormLanguage) => ReactNode;
  invalid?: Partial<Record<FormLanguage, boolean>>;
}) {
  const { t } = useTranslation('admin-catalogue');
  const [active, setActive] = useState<FormLanguage>('fr');
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + FORM_LANGUAGES.length) % FORM_LANGUAGES.length;
    setActive(FORM_LANGUAGES[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={t('form.languages')} className="flex gap-1 border-b border-line">
        {FORM_LANGUAGES.map((lang, i) => (
          <button
            key={lang}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${lang}`}
            aria-controls={`${base}-panel-${lang}`}
            aria-selected={active === lang}
            tabIndex={active === lang ? 0 : -1}
            onClick={() => setActive(lang)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                e.preventDefault();
                const forward = (e.key === 'ArrowRight') !== (document.dir === 'rtl');
                move(i + (forward ? 1 : -1));
              }
            }}
            className={cn(
              '-mb-px min-h-10 rounded-t-lg border-b-2 px-4 text-sm font-medium',
              active === lang ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-ink',
              invalid?.[lang] && 'text-danger',
            )}
          >
            {t(`form.lang.${lang}`)}
            {lang === 'fr' && (
              <span aria-hidden="true" className="ms-0.5 text-rose">
                *
              </span>
            )}
          </button>
        ))}
      </div>
      {FORM_LANGUAGES.map((lang) => (
        <div
          key={lang}
          role="tabpanel"
          id={`${base}-panel-${lang}`}
          aria-labelledby={`${base}-tab-${lang}`}
          hidden={active !== lang}
          lang={lang}
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
          className="space-y-4 pt-4"
        >
          {children(lang)}
        </div>
      ))}
    </div>
  );
}

/** The form field name of a text in a language: `name` (French base), `name_en`, `name_ar`. */
export const fieldName = (field: string, lang: FormLanguage): string => (lang === 'fr' ? field : `${field}_${lang}`);
