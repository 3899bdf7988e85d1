/**
 * /admin/subcategories/new and /edit/:id: texts in three languages, the parent category and the
 * active flag; after a success its message, then /admin/categories 2 seconds later.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { subcategoryFormSchema, type AdminSubcategory } from '@shared/schemas/catalogue-admin';
import { FormMessage } from '@web/components/ui/form-fields';
import { ShopForm, useShopForm } from '@web/lib/forms';
import { useAdminSubcategory, useCategoryOptions, useSaveSubcategory } from '../api';
import { ItemFormActions, ItemFormPage } from '../ItemFormPage';
import { SelectField } from '../../components/SelectField';
import { checkedAsSent } from '../checked-as-sent';
import { refusalText } from '../refusal-text';
import { TranslatedFields } from '../TranslatedTexts';
import { typedTexts, typedTextsOf } from '../typed-texts';

const REDIRECT_MS = 2000;

/** The texts as typed, the parent and the active box; the request's fields are checked by the server's schema and sent as they are. */
const subcategoryValuesSchema = z
  .object({ ...typedTexts, category_id: z.string(), is_active: z.boolean() })
  .transform((v) => ({ ...v, is_active: v.is_active ? '1' : '0' }))
  .superRefine(checkedAsSent(subcategoryFormSchema));

function SubcategoryForm({ subcategory }: { subcategory: AdminSubcategory | null }) {
  const { t } = useTranslation('admin-catalogue');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const saveSubcategory = useSaveSubcategory();
  const categories = useCategoryOptions();
  const [done, setDone] = useState(false);
  // A success shows its own message in place of the form (no toast), then goes back to the list.
  const form = useShopForm(subcategoryValuesSchema, {
    defaultValues: {
      ...typedTextsOf(subcategory),
      category_id: subcategory ? String(subcategory.category_id) : (search.get('category_id') ?? ''),
      is_active: subcategory?.is_active ?? true,
    },
    save: async (fields) => {
      await saveSubcategory.mutateAsync({ id: subcategory?.id ?? null, fields });
      setDone(true);
    },
    failed: (error) => refusalText(error, t(subcategory ? 'subcategories.updateFailed' : 'subcategories.createFailed')),
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/admin/categories'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) return <FormMessage tone="success">{t(subcategory ? 'subcategories.updated' : 'subcategories.created')}</FormMessage>;

  const errors = form.formState.errors;
  // A check that failed in the browser: the fields say which, the message above says to fill them.
  const checkFailed = Object.values(errors).some((e) => e && e.type !== 'server');
  const message = form.formError ?? (checkFailed ? t('subcategories.fillRequired') : null);
  return (
    <ShopForm
      form={form}
      message={message && <FormMessage tone="error">{message}</FormMessage>}
      className="space-y-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
    >
      <TranslatedFields field={form.field} />
      <SelectField
        label={t('subcategories.parent')}
        required
        value={form.watch('category_id')}
        onChange={(id) => form.setValue('category_id', id)}
        error={form.errorText('category_id')}
        placeholder={t('form.chooseCategory')}
        options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="checkbox" {...form.register('is_active')} className="size-5 accent-primary" />
        {t('subcategories.activeLabel')}
      </label>
      <ItemFormActions form={form} cancelTo="/admin/subcategories" isNew={!subcategory} />
    </ShopForm>
  );
}

export default function SubcategoryFormPage() {
  const { t } = useTranslation('admin-catalogue');
  return (
    <ItemFormPage
      useItem={useAdminSubcategory}
      newTitle={t('subcategories.newTitle')}
      editTitle={t('subcategories.editTitle')}
      notFound={t('subcategories.notFound')}
      backTo="/admin/subcategories"
      backLabel={t('categories.back')}
    >
      {(subcategory) => <SubcategoryForm subcategory={subcategory} />}
    </ItemFormPage>
  );
}
