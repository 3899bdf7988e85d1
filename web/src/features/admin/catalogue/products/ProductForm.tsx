/** The product form itself: values, checks, pictures and the upload (see ProductFormPage). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { productFormSchema } from '@shared/schemas/catalogue-admin';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useAdminColors, useCategoryOptions, useSaveProduct } from '../api';
import { SelectField } from '../../components/SelectField';
import { checkedAsSent } from '../checked-as-sent';
import { refusalText } from '../refusal-text';
import { TranslatedFields, type TextsByLanguage } from '../TranslatedTexts';
import { typedTexts } from '../typed-texts';
import { OccasionsField } from '../../occasions/OccasionsField';
import { PictureList, type Picture } from './PictureList';
import { SizesEditor, type SizeRow } from './SizesEditor';

export type ProductValues = {
  texts: TextsByLanguage;
  category_id: string;
  subcategory_id: string;
  price: string;
  stock: string;
  discount: string;
  is_featured: boolean;
  is_extra: boolean;
  sold_alone: boolean;
  sizes: SizeRow[];
  color_ids: string[];
  occasion_ids: string[];
  pictures: Picture[];
};

const REDIRECT_MS = 2000;

/**
 * The form's values as typed (the texts of each language under their request names), turned into
 * the request's fields (the featured flag as '1'/'0'), checked by the server's schema and sent as
 * they are; the pictures ride along.
 */
const productValuesSchema = z
  .object({
    ...typedTexts,
    tags: z.string(),
    tags_en: z.string(),
    tags_ar: z.string(),
    category_id: z.string(),
    subcategory_id: z.string(),
    price: z.string(),
    stock: z.string(),
    discount: z.string(),
    is_featured: z.boolean(),
    is_extra: z.boolean(),
    sold_alone: z.boolean(),
    sizes: z.array(z.custom<SizeRow>()),
    color_ids: z.array(z.string()),
    occasion_ids: z.array(z.string()),
    pictures: z.array(z.custom<Picture>()),
  })
  // The sizes go as one JSON field (all of them: a size left out is removed); blank names in English
  // and Arabic take the French one on the server.
  .transform((v) => ({
    ...v,
    is_featured: v.is_featured ? '1' : '0',
    is_extra: v.is_extra ? '1' : '0',
    sold_alone: v.is_extra && v.sold_alone ? '1' : '0',
    sizes: JSON.stringify(
      v.sizes.map((z) => ({
        ...(z.id !== null ? { id: z.id } : {}),
        name: z.name,
        name_en: z.name_en.trim() || null,
        name_ar: z.name_ar.trim() || null,
        price: z.price,
        image_id: z.image_id ? Number(z.image_id) : null,
      })),
    ),
  }))
  .superRefine(checkedAsSent(productFormSchema));

const formValues = ({ texts, ...v }: ProductValues): z.input<typeof productValuesSchema> => ({
  ...v,
  name: texts.fr.name,
  name_en: texts.en.name,
  name_ar: texts.ar.name,
  description: texts.fr.description,
  description_en: texts.en.description,
  description_ar: texts.ar.description,
  tags: texts.fr.tags ?? '',
  tags_en: texts.en.tags ?? '',
  tags_ar: texts.ar.tags ?? '',
});

export function ProductForm({ initial, productId }: { initial: ProductValues; productId: number | null }) {
  const { t } = useTranslation('admin-catalogue');
  const { t: ts } = useTranslation('admin-sizes');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const saveProduct = useSaveProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const categories = useCategoryOptions();
  const colors = useAdminColors();

  // A success sends the admin back to the list after 2 seconds.
  useEffect(() => {
    if (created === null) return;
    const timer = setTimeout(() => void navigate('/admin/products'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  // A success shows a result of its own (the created panel, or the list's notice): no toast.
  const form = useShopForm(productValuesSchema, {
    defaultValues: formValues(initial),
    save: async ({ pictures, ...plain }): Promise<void> => {
      const tooLarge = pictures.filter((p) => p.kind === 'new' && p.tooLarge);
      if (tooLarge.length > 0) {
        form.setFormError(t('pictures.filesTooLarge', { files: tooLarge.map((p) => (p.kind === 'new' ? p.file.name : '')).join(', ') }));
        return;
      }
      const body = new FormData();
      for (const [key, value] of Object.entries(plain)) {
        if (Array.isArray(value)) for (const item of value) body.append(`${key}[]`, item);
        else body.append(key, value);
      }
      // No occasion at all is said as an empty value (a missing field keeps the product's occasions).
      if (plain.occasion_ids.length === 0) body.append('occasion_ids', '');
      if (productId !== null) {
        // The discount goes in every shape an API client might send; the server reads the first given.
        const d = Number(plain.discount) || 0;
        body.append('discount_percentage', String(d));
        body.append('discount_decimal', (d / 100).toFixed(2));
        body.append('discount_raw', String(d));
        body.append('discount_formatted', `${d}%`);
      }
      let newIndex = 0;
      for (const picture of pictures) {
        if (picture.kind === 'existing') body.append('image_order[]', `e${picture.id}`);
        else {
          body.append('images[]', picture.file, picture.file.name);
          body.append('image_order[]', `n${newIndex++}`);
        }
      }
      setProgress(0);
      try {
        const answer = await saveProduct.mutateAsync({ id: productId, body, onProgress: setProgress });
        if (productId === null) setCreated(answer.id);
        else void navigate('/admin/products', { state: { notice: answer.message } });
      } finally {
        setProgress(null);
      }
    },
    // The pictures' refusals go under the pictures.
    rename: { images: 'pictures', image_order: 'pictures' },
    failed: (error) =>
      refusalText(
        error,
        isApiError(error) && error.status === 413
          ? t('errors.imagesTooLarge')
          : isApiError(error) && error.status === 422
            ? t('errors.checkInput')
            : t(productId === null ? 'errors.create' : 'errors.update'),
      ),
  });
  const { field } = form;
  const [pictures, categoryId, subcategoryId, colorIds, occasionIds, sizes, isExtra] = form.watch([
    'pictures',
    'category_id',
    'subcategory_id',
    'color_ids',
    'occasion_ids',
    'sizes',
    'is_extra',
  ]);
  const oversized = pictures.filter((p) => p.kind === 'new' && p.tooLarge);

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

  const busy = form.saving;
  const activeColors = (colors.data?.data ?? []).filter((c) => c.is_active || colorIds.includes(String(c.id)));
  const errors = form.formState.errors;
  // A check that failed in the browser: the fields say which, the message above says to look at them.
  const checkFailed = Object.values(errors).some((e) => e && e.type !== 'server');
  const message = form.formError ?? (checkFailed ? t('form.checkFields') : null);

  return (
    <ShopForm
      form={form}
      message={message && <FormMessage tone="error">{message}</FormMessage>}
      className="space-y-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
    >
      <TranslatedFields field={field} tagsField={field} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.category')}
          required
          value={categoryId}
          error={form.errorText('category_id')}
          placeholder={t('form.chooseCategory')}
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          // A subcategory belongs to one category: changing the category clears it.
          onChange={(category_id) => {
            form.setValue('category_id', category_id);
            form.setValue('subcategory_id', '');
          }}
        />
        <SelectField
          label={t('form.subcategory')}
          value={subcategoryId}
          error={form.errorText('subcategory_id')}
          disabled={categoryId === ''}
          placeholder={categoryId === '' ? t('form.chooseCategoryFirst') : t('form.noSubcategory')}
          options={(categories.data?.find((c) => String(c.id) === categoryId)?.subcategories ?? []).map((s) => ({
            value: String(s.id),
            label: s.name,
          }))}
          onChange={(subcategory_id) => form.setValue('subcategory_id', subcategory_id)}
        />
        <Field label={t('form.price')} required type="number" inputMode="decimal" min={0} step={0.01} {...field('price')} dir="ltr" />
        <Field label={t('form.stock')} required type="number" inputMode="numeric" min={0} step={1} {...field('stock')} dir="ltr" />
        <Field label={t('form.discount')} type="number" inputMode="numeric" min={0} max={100} step={1} {...field('discount')} dir="ltr" />
        <label className="flex min-h-11 items-center gap-3 self-end text-sm text-ink">
          <input type="checkbox" {...form.register('is_featured')} className="size-5 accent-primary" />
          {t('form.featured')}
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input type="checkbox" {...form.register('is_extra')} className="size-5 accent-primary" />
          {ts('extra.isExtra')}
        </label>
        {isExtra && (
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="checkbox" {...form.register('sold_alone')} className="size-5 accent-primary" />
            {ts('extra.soldAlone')}
          </label>
        )}
      </div>

      <SizesEditor
        rows={sizes}
        onChange={(next) => form.setValue('sizes', next)}
        pictures={pictures}
        errorText={(path) => form.errorText(path as 'sizes')}
      />

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{t('form.colors')}</legend>
        {form.errorText('color_ids') && <p className="mb-2 text-sm text-danger">{form.errorText('color_ids')}</p>}
        <div className="flex flex-wrap gap-2">
          {activeColors.map((c) => {
            const checked = colorIds.includes(String(c.id));
            return (
              <label
                key={c.id}
                className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    form.setValue('color_ids', checked ? colorIds.filter((x) => x !== String(c.id)) : [...colorIds, String(c.id)])
                  }
                  className="size-4 accent-primary"
                />
                <span aria-hidden="true" className="size-4 rounded-full border border-line" style={{ backgroundColor: c.hex_code }} />
                {c.name}
              </label>
            );
          })}
        </div>
      </fieldset>

      <OccasionsField value={occasionIds} onChange={(next) => form.setValue('occasion_ids', next)} error={form.errorText('occasion_ids')} />

      <PictureList pictures={pictures} onChange={(next) => form.setValue('pictures', next)} error={form.errorText('pictures')} />

      {progress !== null && (
        <div>
          <label className="text-sm text-muted">
            {t('form.uploading', { percent: Math.round((progress ?? 0) * 100) })}
            <progress className="mt-1 block h-2 w-full accent-primary" max={1} value={progress ?? 0} />
          </label>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" type="button" onClick={() => void navigate('/admin/products')} disabled={busy}>
          {ta('actions.cancel')}
        </Button>
        <SubmitButton form={form} busyLabel={ta('actions.saving')} disabled={oversized.length > 0}>
          {productId === null ? t('form.create') : ta('actions.save')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}
