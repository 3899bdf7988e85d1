/**
 * The product form's sizes: one row per size (its names in the three languages, its price, maybe one
 * of the product's saved pictures), in the order the shop shows them; add, remove, move up or down.
 * Without any size the product's own price counts. The rows are the form's `sizes` value; the form
 * sends them as one JSON field and the server's schema checks them (errors under `sizes.<i>.<field>`).
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SIZES_MAX } from '@shared/schemas/catalogue-admin';
import { Field } from '@web/components/ui/form-fields';
import { SelectField } from '../../components/SelectField';
import type { Picture } from './PictureList';

export type SizeRow = { key: string; id: number | null; name: string; name_en: string; name_ar: string; price: string; image_id: string };

let counter = 0;
export const newSizeRow = (): SizeRow => ({
  key: `size-${++counter}`,
  id: null,
  name: '',
  name_en: '',
  name_ar: '',
  price: '',
  image_id: '',
});

export function SizesEditor({
  rows,
  onChange,
  pictures,
  errorText,
}: {
  rows: SizeRow[];
  onChange: (rows: SizeRow[]) => void;
  pictures: Picture[];
  errorText: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin-sizes');
  const saved = pictures.filter((p): p is Extract<Picture, { kind: 'existing' }> => p.kind === 'existing');
  const set = (i: number, patch: Partial<SizeRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    onChange(next);
  };
  const iconButton = 'flex size-11 items-center justify-center rounded-lg hover:bg-primary-soft disabled:opacity-30';
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-ink">{t('sizes.title')}</legend>
      <p className="text-sm text-muted">{t('sizes.hint')}</p>
      {errorText('sizes') && <p className="text-sm text-danger">{errorText('sizes')}</p>}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} className="rounded-xl border border-line p-3" data-testid="size-row">
            <div className="mb-2 flex items-center justify-between gap-2">
              <p className="font-medium text-ink">{t('sizes.row', { n: i + 1 })}</p>
              <div className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t('sizes.up', { n: i + 1 })}
                >
                  <ArrowUp aria-hidden="true" className="size-5" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('sizes.down', { n: i + 1 })}
                >
                  <ArrowDown aria-hidden="true" className="size-5" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-danger hover:bg-danger-soft`}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  aria-label={t('sizes.remove', { n: i + 1 })}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field
                label={t('sizes.name')}
                required
                value={row.name}
                onChange={(e) => set(i, { name: e.target.value })}
                error={errorText(`sizes.${i}.name`)}
                lang="fr"
                dir="ltr"
              />
              <Field
                label={t('sizes.nameEn')}
                value={row.name_en}
                onChange={(e) => set(i, { name_en: e.target.value })}
                error={errorText(`sizes.${i}.name_en`)}
                lang="en"
                dir="ltr"
              />
              <Field
                label={t('sizes.nameAr')}
                value={row.name_ar}
                onChange={(e) => set(i, { name_ar: e.target.value })}
                error={errorText(`sizes.${i}.name_ar`)}
                lang="ar"
                dir="rtl"
              />
              <Field
                label={t('sizes.price')}
                required
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={row.price}
                onChange={(e) => set(i, { price: e.target.value })}
                error={errorText(`sizes.${i}.price`)}
                dir="ltr"
              />
              {saved.length > 0 && (
                <SelectField
                  label={t('sizes.picture')}
                  value={row.image_id}
                  onChange={(image_id) => set(i, { image_id })}
                  placeholder={t('sizes.noPicture')}
                  options={saved.map((p, n) => ({ value: String(p.id), label: `${t('sizes.picture')} ${n + 1}` }))}
                  error={errorText(`sizes.${i}.image_id`)}
                />
              )}
            </div>
          </li>
        ))}
      </ol>
      {rows.length < PRODUCT_SIZES_MAX && (
        <button
          type="button"
          onClick={() => onChange([...rows, newSizeRow()])}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-line px-3 text-sm font-medium text-primary hover:bg-primary-soft"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('sizes.add')}
        </button>
      )}
    </fieldset>
  );
}
