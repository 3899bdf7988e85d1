import { useTranslation } from 'react-i18next';
import { useAdminOccasions } from './api';

/** The product form's occasions: any number, ticked in a list of every occasion. */
export function OccasionsField({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const { t, i18n } = useTranslation('admin-occasions');
  const lang = (i18n.resolvedLanguage ?? 'fr') as 'fr' | 'en' | 'ar';
  const occasions = useAdminOccasions();
  const list = occasions.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{t('title')}</legend>
      {error && <p className="mb-2 text-sm text-danger">{error}</p>}
      <div className="flex flex-wrap gap-2">
        {list.map((o) => {
          const id = String(o.id);
          const checked = value.includes(id);
          return (
            <label
              key={o.id}
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={() => onChange(checked ? value.filter((x) => x !== id) : [...value, id])}
                className="size-4 accent-primary"
              />
              {o.names[lang] ?? o.names.fr}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
