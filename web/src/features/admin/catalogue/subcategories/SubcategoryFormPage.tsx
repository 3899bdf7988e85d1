/**
 * /admin/subcategories/new and /edit/:id: texts in three languages, the parent category and the
 * active flag; after a success its message, then /admin/categories 2 seconds later.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { subcategoryFormSchema, type AdminSubcategory } from '@shared/schemas/catalogue-admin';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { Spinner } from '@web/components/ui/Spinner';
import { api } from '@web/lib/api';
import { PageHeader } from '../../components/PageHeader';
import { useAdminSubcategory, useCategoryOptions, useRefreshCatalogue } from '../api';
import { MissingItem } from '../MissingItem';
import { SelectField } from '../../components/SelectField';
import { emptyTexts, textFields, TranslatedTexts, type TextsByLanguage } from '../TranslatedTexts';
import { useFieldErrors } from '../use-field-errors';

const REDIRECT_MS = 2000;

function SubcategoryForm({ subcategory }: { subcategory: AdminSubcategory | null }) {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const refresh = useRefreshCatalogue();
  const categories = useCategoryOptions();
  const [texts, setTexts] = useState<TextsByLanguage>(
    subcategory
      ? { fr: { name: subcategory.name, description: subcategory.description }, en: subcategory.translations.en, ar: subcategory.translations.ar }
      : emptyTexts(),
  );
  const [categoryId, setCategoryId] = useState(subcategory ? String(subcategory.category_id) : (search.get('category_id') ?? ''));
  const [active, setActive] = useState(subcategory?.is_active ?? true);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, check, fromServer } = useFieldErrors();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/admin/categories'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fields = { ...textFields(texts), category_id: categoryId, is_active: active ? '1' : '0' };
    if (!check(subcategoryFormSchema, fields)) {
      setFailure(t('subcategories.fillRequired'));
      return;
    }
    setBusy(true);
    try {
      if (subcategory) await api.put(`/admin/subcategories/edit/${subcategory.id}`, { ...fields, category_id: Number(categoryId), is_active: active ? 1 : 0 });
      else await api.post('/admin/subcategories/new', fields);
      await refresh();
      setDone(true);
    } catch (error) {
      setFailure(fromServer(error, t(subcategory ? 'subcategories.updateFailed' : 'subcategories.createFailed')));
    } finally {
      setBusy(false);
    }
  }

  if (done) return <FormMessage tone="success">{t(subcategory ? 'subcategories.updated' : 'subcategories.created')}</FormMessage>;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <TranslatedTexts texts={texts} onChange={setTexts} errors={errors} />
      <SelectField
        label={t('subcategories.parent')}
        required
        value={categoryId}
        onChange={setCategoryId}
        error={errors.category_id}
        placeholder={t('form.chooseCategory')}
        options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-5 accent-primary" />
        {t('subcategories.activeLabel')}
      </label>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" type="button" onClick={() => navigate('/admin/subcategories')} disabled={busy}>
          {ta('actions.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? ta('actions.saving') : subcategory ? ta('actions.save') : ta('actions.create')}
        </Button>
      </div>
    </form>
  );
}

export default function SubcategoryFormPage() {
  const { t } = useTranslation('admin-catalogue');
  const { id } = useParams();
  const subId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : -1;
  const subcategory = useAdminSubcategory(subId !== null && subId > 0 ? subId : null);
  if (subId === null) {
    return (
      <div>
        <PageHeader title={t('subcategories.newTitle')} />
        <SubcategoryForm subcategory={null} />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={t('subcategories.editTitle')} description={subcategory.data?.name} />
      {subId < 0 || subcategory.isError ? (
        <MissingItem message={t('subcategories.notFound')} backTo="/admin/subcategories" backLabel={t('categories.back')} />
      ) : subcategory.data ? (
        <SubcategoryForm subcategory={subcategory.data} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
