/** The product form itself: values, checks, pictures and the upload (see ProductFormPage). */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { productFormSchema } from '@shared/schemas/catalogue-admin';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { sendForm, useAdminColors, useCategoryOptions, useRefreshCatalogue } from '../api';
import { SelectField } from '../../components/SelectField';
import { textFields, TranslatedTexts, type TextsByLanguage } from '../TranslatedTexts';
import { useFieldErrors } from '../use-field-errors';
import { PictureList, type Picture } from './PictureList';

export type ProductValues = {
  texts: TextsByLanguage;
  category_id: string;
  subcategory_id: string;
  price: string;
  stock: string;
  discount: string;
  is_featured: boolean;
  color_ids: string[];
  pictures: Picture[];
};

const REDIRECT_MS = 2000;

export function ProductForm({ initial, productId }: { initial: ProductValues; productId: number | null }) {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const refresh = useRefreshCatalogue();
  const [values, setValues] = useState(initial);
  const { errors, check, fromServer } = useFieldErrors();
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const categories = useCategoryOptions();
  const colors = useAdminColors();

  // A success sends the admin back to the list after 2 seconds.
  useEffect(() => {
    if (created === null) return;
    const timer = setTimeout(() => navigate('/admin/products'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const set = <K extends keyof ProductValues>(key: K, value: ProductValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const oversized = values.pictures.filter((p) => p.kind === 'new' && p.tooLarge);

  function fields(): Record<string, string | string[]> {
    return {
      ...textFields(values.texts),
      category_id: values.category_id,
      subcategory_id: values.subcategory_id,
      price: values.price,
      stock: values.stock,
      discount: values.discount,
      is_featured: values.is_featured ? '1' : '0',
      color_ids: values.color_ids,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (oversized.length > 0) {
      setFailure(t('pictures.filesTooLarge', { files: oversized.map((p) => (p.kind === 'new' ? p.file.name : '')).join(', ') }));
      return;
    }
    const plain = fields();
    if (!check(productFormSchema, plain)) {
      setFailure(t('form.checkFields'));
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(plain)) {
      if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, item);
      else form.append(key, value);
    }
    if (productId !== null) {
      // The discount goes in every shape an API client might send; the server reads the first given.
      const d = Number(values.discount) || 0;
      form.append('discount_percentage', String(d));
      form.append('discount_decimal', (d / 100).toFixed(2));
      form.append('discount_raw', String(d));
      form.append('discount_formatted', `${d}%`);
    }
    let newIndex = 0;
    for (const picture of values.pictures) {
      if (picture.kind === 'existing') form.append('image_order[]', `e${picture.id}`);
      else {
        form.append('images[]', picture.file, picture.file.name);
        form.append('image_order[]', `n${newIndex++}`);
      }
    }
    setProgress(0);
    try {
      const path = productId === null ? '/admin/products/new' : `/admin/products/edit/${productId}?_method=PUT`;
      const answer = await sendForm<{ id: number; message: string }>('POST', path, form, setProgress);
      await refresh();
      if (productId === null) setCreated(answer.id);
      else navigate('/admin/products', { state: { notice: answer.message } });
    } catch (error) {
      const fallback =
        isApiError(error) && error.status === 413
          ? t('errors.imagesTooLarge')
          : isApiError(error) && error.status === 422
            ? t('errors.checkInput')
            : t(productId === null ? 'errors.create' : 'errors.update');
      setFailure(fromServer(error, fallback));
    } finally {
      setProgress(null);
    }
  }

  if (created !== null) {
    return (
      <div className="space-y-4 rounded-card border border-line bg-surface p-6 shadow-card">
        <FormMessage tone="success">{t('form.created')}</FormMessage>
        <p className="text-sm text-muted">{t('form.redirecting')}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/products" className="text-primary underline">
            {t('form.viewAll')}
          </Link>
          <Link to={`/admin/products/edit/${created}`} className="text-primary underline">
            {t('form.editThis')}
          </Link>
          <Link to="/shop" className="text-primary underline">
            {t('form.viewInShop')}
          </Link>
        </div>
      </div>
    );
  }

  const busy = progress !== null;
  const activeColors = (colors.data?.data ?? []).filter((c) => c.is_active || values.color_ids.includes(String(c.id)));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      {failure && <FormMessage tone="error">{failure}</FormMessage>}

      <TranslatedTexts texts={values.texts} onChange={(texts) => set('texts', texts)} errors={errors} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.category')}
          required
          value={values.category_id}
          error={errors.category_id}
          placeholder={t('form.chooseCategory')}
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          // A subcategory belongs to one category: changing the category clears it.
          onChange={(category_id) => setValues((v) => ({ ...v, category_id, subcategory_id: '' }))}
        />
        <SelectField
          label={t('form.subcategory')}
          value={values.subcategory_id}
          error={errors.subcategory_id}
          disabled={values.category_id === ''}
          placeholder={values.category_id === '' ? t('form.chooseCategoryFirst') : t('form.noSubcategory')}
          options={(categories.data?.find((c) => String(c.id) === values.category_id)?.subcategories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(subcategory_id) => set('subcategory_id', subcategory_id)}
        />
        <Field
          label={t('form.price')}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={values.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.price}
          dir="ltr"
        />
        <Field
          label={t('form.stock')}
          required
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.stock}
          onChange={(e) => set('stock', e.target.value)}
          error={errors.stock}
          dir="ltr"
        />
        <Field
          label={t('form.discount')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={values.discount}
          onChange={(e) => set('discount', e.target.value)}
          error={errors.discount}
          dir="ltr"
        />
        <label className="flex min-h-11 items-center gap-3 self-end text-sm text-ink">
          <input type="checkbox" checked={values.is_featured} onChange={(e) => set('is_featured', e.target.checked)} className="size-5 accent-primary" />
          {t('form.featured')}
        </label>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{t('form.colors')}</legend>
        {errors.color_ids && <p className="mb-2 text-sm text-danger">{errors.color_ids}</p>}
        <div className="flex flex-wrap gap-2">
          {activeColors.map((c) => {
            const checked = values.color_ids.includes(String(c.id));
            return (
              <label key={c.id} className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => set('color_ids', checked ? values.color_ids.filter((x) => x !== String(c.id)) : [...values.color_ids, String(c.id)])}
                  className="size-4 accent-primary"
                />
                <span aria-hidden="true" className="size-4 rounded-full border border-line" style={{ backgroundColor: c.hex_code }} />
                {c.name}
              </label>
            );
          })}
        </div>
      </fieldset>

      <PictureList pictures={values.pictures} onChange={(pictures) => set('pictures', pictures)} error={errors.images ?? errors.image_order} />

      {busy && (
        <div>
          <label className="text-sm text-muted">
            {t('form.uploading', { percent: Math.round((progress ?? 0) * 100) })}
            <progress className="mt-1 block h-2 w-full accent-primary" max={1} value={progress ?? 0} />
          </label>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" type="button" onClick={() => navigate('/admin/products')} disabled={busy}>
          {ta('actions.cancel')}
        </Button>
        <Button type="submit" disabled={busy || oversized.length > 0}>
          {busy ? ta('actions.saving') : productId === null ? t('form.create') : ta('actions.save')}
        </Button>
      </div>
    </form>
  );
}
