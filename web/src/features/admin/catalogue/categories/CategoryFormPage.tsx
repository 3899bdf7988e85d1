/**
 * /admin/categories/new and /admin/categories/edit/:id: texts in three languages and an optional
 * picture (JPEG, PNG or WebP up to 5 MB; the server checks its content again). "Category Not
 * Found" with a way back when the id is unknown.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { categoryFormSchema, CATEGORY_IMAGE_MAX_BYTES, type AdminCategory } from '@shared/schemas/catalogue-admin';
import { isApiError } from '@web/lib/api';
import { ShopForm, useShopForm } from '@web/lib/forms';
import { useAdminCategory, useSaveCategory } from '../api';
import { megabytes } from '../compress-image';
import { ItemFormActions, ItemFormPage } from '../ItemFormPage';
import { checkedAsSent } from '../checked-as-sent';
import { refusalText } from '../refusal-text';
import { TranslatedFields } from '../TranslatedTexts';
import { typedTexts, typedTextsOf } from '../typed-texts';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The texts as typed and the remove-picture box; the request's fields are checked by the server's schema and sent as they are. */
const categoryValuesSchema = z
  .object({ ...typedTexts, remove_image: z.boolean() })
  .transform((v) => ({ ...v, remove_image: v.remove_image ? '1' : '0' }))
  .superRefine(checkedAsSent(categoryFormSchema));

const valuesOf = (c: AdminCategory | null): z.input<typeof categoryValuesSchema> => ({ ...typedTextsOf(c), remove_image: false });

function CategoryForm({ category }: { category: AdminCategory | null }) {
  const { t } = useTranslation('admin-catalogue');
  const navigate = useNavigate();
  const saveCategory = useSaveCategory();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The server's own confirmation, shown by the kit's toast.
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(categoryValuesSchema, {
    defaultValues: valuesOf(category),
    save: async (fields) => {
      // A refused picture is already said under its input; nothing is sent until another is picked.
      if (fileError) return;
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      if (file) body.append('image', file, file.name);
      const answer = await saveCategory.mutateAsync({ id: category?.id ?? null, body });
      confirmation.current = answer.message;
      void navigate('/admin/categories');
    },
    saved: () => confirmation.current,
    failed: (error) =>
      refusalText(
        error,
        isApiError(error) && error.status === 413
          ? t('categories.create413')
          : isApiError(error) && error.status === 422
            ? t('errors.checkInput')
            : t(category ? 'categories.updateFailed' : 'categories.createFailed'),
      ),
  });
  const removeImage = form.watch('remove_image');

  function pick(picked: File | undefined) {
    setFileError(null);
    setFile(null);
    if (!picked) return;
    if (!TYPES.includes(picked.type)) return setFileError(t('categories.imageType'));
    if (picked.size > CATEGORY_IMAGE_MAX_BYTES) return setFileError(t('categories.imageTooLarge', { size: megabytes(picked.size) }));
    setFile(picked);
  }

  return (
    <ShopForm form={form} className="space-y-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      <TranslatedFields field={form.field} />
      <div className="space-y-2">
        <label htmlFor="category-image" className="text-sm font-medium text-ink">
          {t('categories.picture')}
        </label>
        {category?.image_path && !file && !removeImage && <img src={category.image_path} alt="" className="h-32 rounded-lg object-cover" />}
        {file && <img src={URL.createObjectURL(file)} alt="" className="h-32 rounded-lg object-cover" />}
        <input
          id="category-image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => pick(e.target.files?.[0])}
          className="block text-sm"
          aria-describedby="category-image-hint"
        />
        <p id="category-image-hint" className="text-sm text-muted">
          {t('categories.pictureHint')}
        </p>
        {fileError && (
          <p role="alert" className="text-sm text-danger">
            {fileError}
          </p>
        )}
        {category?.image_path && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register('remove_image')} className="size-4 accent-primary" />
            {t('categories.removePicture')}
          </label>
        )}
      </div>
      <ItemFormActions form={form} cancelTo="/admin/categories" isNew={!category} />
    </ShopForm>
  );
}

export default function CategoryFormPage() {
  const { t } = useTranslation('admin-catalogue');
  return (
    <ItemFormPage
      useItem={useAdminCategory}
      newTitle={t('categories.newTitle')}
      editTitle={t('categories.editTitle')}
      notFound={t('categories.notFound')}
      backTo="/admin/categories"
      backLabel={t('categories.back')}
    >
      {(category) => <CategoryForm category={category} />}
    </ItemFormPage>
  );
}
