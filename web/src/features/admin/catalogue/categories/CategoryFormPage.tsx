/**
 * /admin/categories/new and /admin/categories/edit/:id: texts in three languages and an optional
 * picture (JPEG, PNG or WebP up to 5 MB; the server checks its content again). "Category Not
 * Found" with a way back when the id is unknown.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { categoryFormSchema, CATEGORY_IMAGE_MAX_BYTES, type AdminCategory } from '@shared/schemas/catalogue-admin';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { Spinner } from '@web/components/ui/Spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { PageHeader } from '../../components/PageHeader';
import { sendForm, useAdminCategory, useRefreshCatalogue } from '../api';
import { megabytes } from '../compress-image';
import { MissingItem } from '../MissingItem';
import { emptyTexts, textFields, TranslatedTexts, type TextsByLanguage } from '../TranslatedTexts';
import { useFieldErrors } from '../use-field-errors';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function CategoryForm({ category }: { category: AdminCategory | null }) {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const refresh = useRefreshCatalogue();
  const [texts, setTexts] = useState<TextsByLanguage>(
    category
      ? { fr: { name: category.name, description: category.description }, en: category.translations.en, ar: category.translations.ar }
      : emptyTexts(),
  );
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, check, fromServer } = useFieldErrors();

  function pick(picked: File | undefined) {
    setFileError(null);
    setFile(null);
    if (!picked) return;
    if (!TYPES.includes(picked.type)) return setFileError(t('categories.imageType'));
    if (picked.size > CATEGORY_IMAGE_MAX_BYTES) return setFileError(t('categories.imageTooLarge', { size: megabytes(picked.size) }));
    setFile(picked);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fields = { ...textFields(texts), remove_image: removeImage ? '1' : '0' };
    if (!check(categoryFormSchema, fields) || fileError) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('image', file, file.name);
    setBusy(true);
    try {
      const answer = await sendForm<{ message: string }>(category ? 'PUT' : 'POST', category ? `/admin/categories/edit/${category.id}` : '/admin/categories/new', form);
      await refresh();
      toast.success(answer.message);
      navigate('/admin/categories');
    } catch (error) {
      const fallback =
        isApiError(error) && error.status === 413 ? t('categories.create413') : isApiError(error) && error.status === 422 ? t('errors.checkInput') : t(category ? 'categories.updateFailed' : 'categories.createFailed');
      setFailure(fromServer(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <TranslatedTexts texts={texts} onChange={setTexts} errors={errors} />
      <div className="space-y-2">
        <label htmlFor="category-image" className="text-sm font-medium text-ink">
          {t('categories.picture')}
        </label>
        {category?.image_path && !file && !removeImage && <img src={category.image_path} alt="" className="h-32 rounded-lg object-cover" />}
        {file && <img src={URL.createObjectURL(file)} alt="" className="h-32 rounded-lg object-cover" />}
        <input id="category-image" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => pick(e.target.files?.[0])} className="block text-sm" aria-describedby="category-image-hint" />
        <p id="category-image-hint" className="text-sm text-muted">
          {t('categories.pictureHint')}
        </p>
        {fileError && <p role="alert" className="text-sm text-danger">{fileError}</p>}
        {category?.image_path && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} className="size-4 accent-primary" />
            {t('categories.removePicture')}
          </label>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" type="button" onClick={() => navigate('/admin/categories')} disabled={busy}>
          {ta('actions.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? ta('actions.saving') : category ? ta('actions.save') : ta('actions.create')}
        </Button>
      </div>
    </form>
  );
}

export default function CategoryFormPage() {
  const { t } = useTranslation('admin-catalogue');
  const { id } = useParams();
  const categoryId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : -1;
  const category = useAdminCategory(categoryId !== null && categoryId > 0 ? categoryId : null);
  if (categoryId === null) {
    return (
      <div>
        <PageHeader title={t('categories.newTitle')} />
        <CategoryForm category={null} />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={t('categories.editTitle')} description={category.data?.name} />
      {categoryId < 0 || category.isError ? (
        <MissingItem message={t('categories.notFound')} backTo="/admin/categories" backLabel={t('categories.back')} />
      ) : category.data ? (
        <CategoryForm category={category.data} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
