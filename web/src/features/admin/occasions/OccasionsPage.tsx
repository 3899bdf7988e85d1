/**
 * /admin/occasions: the occasions (picture, names, slugs per language, order, highlight window,
 * products count) with the add form above; the same form edits one. Slugs left empty are made from
 * the names by the server; a highlight window makes the occasion lead the home page on those days.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { occasionFormSchema, OCCASION_IMAGE_MAX_BYTES, type AdminOccasion } from '@shared/schemas/occasions';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { RowActions } from '../catalogue/RowActions';
import { checkedAsSent } from '../catalogue/checked-as-sent';
import { refusalText } from '../catalogue/refusal-text';
import { DataTable, type Column } from '../components/DataTable';
import { PageHeader } from '../components/PageHeader';
import { useConfirmDelete } from '../components/use-confirm-delete';
import { useAdminOccasions, useDeleteOccasion, useSaveOccasion } from './api';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const valuesSchema = z
  .object({
    name_fr: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    slug_fr: z.string(),
    slug_en: z.string(),
    slug_ar: z.string(),
    sort_order: z.string(),
    highlight_from: z.string(),
    highlight_to: z.string(),
    remove_image: z.boolean(),
  })
  .transform((v) => ({ ...v, remove_image: v.remove_image ? '1' : '0' }))
  .superRefine(checkedAsSent(occasionFormSchema));
type Values = z.input<typeof valuesSchema>;
const EMPTY: Values = {
  name_fr: '',
  name_en: '',
  name_ar: '',
  slug_fr: '',
  slug_en: '',
  slug_ar: '',
  sort_order: '0',
  highlight_from: '',
  highlight_to: '',
  remove_image: false,
};
const valuesOf = (o: AdminOccasion): Values => ({
  name_fr: o.names.fr,
  name_en: o.names.en,
  name_ar: o.names.ar,
  slug_fr: o.slugs.fr,
  slug_en: o.slugs.en,
  slug_ar: o.slugs.ar,
  sort_order: String(o.sort_order),
  highlight_from: o.highlight_from ?? '',
  highlight_to: o.highlight_to ?? '',
  remove_image: false,
});

function OccasionForm({ editing, onDone }: { editing: AdminOccasion | null; onDone: () => void }) {
  const { t } = useTranslation('admin-occasions');
  const { t: ta } = useTranslation('admin');
  const save = useSaveOccasion();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(valuesSchema, {
    defaultValues: editing ? valuesOf(editing) : EMPTY,
    save: async (fields): Promise<void> => {
      if (fileError) return;
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, String(value));
      if (file) body.append('image', file, file.name);
      const answer = await save.mutateAsync({ id: editing?.id ?? null, body });
      confirmation.current = answer.message;
      form.reset(EMPTY);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onDone();
    },
    saved: () => confirmation.current,
    failed: (error) => refusalText(error, t(editing ? 'updateFailed' : 'addFailed')),
  });
  const { field } = form;
  const checkFailed = Object.values(form.formState.errors).some((e) => e && e.type !== 'server');
  const message = form.formError ?? (checkFailed ? t('fillRequired') : null);

  function pick(picked: File | undefined) {
    setFileError(null);
    setFile(null);
    if (!picked) return;
    if (!TYPES.includes(picked.type)) return setFileError(t('imageType'));
    if (picked.size > OCCASION_IMAGE_MAX_BYTES) return setFileError(t('imageTooLarge'));
    setFile(picked);
  }

  return (
    <ShopForm
      form={form}
      message={message && <FormMessage tone="error">{message}</FormMessage>}
      className="mb-6 space-y-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
    >
      <h2 className="font-display text-xl text-ink">{editing ? t('editTitle') : t('addTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('nameFr')} required {...field('name_fr')} lang="fr" />
        <Field label={t('nameEn')} required {...field('name_en')} lang="en" />
        <Field label={t('nameAr')} required {...field('name_ar')} lang="ar" dir="rtl" />
        <Field label={t('slugFr')} hint={t('slugHint')} {...field('slug_fr')} dir="ltr" />
        <Field label={t('slugEn')} hint={t('slugHint')} {...field('slug_en')} dir="ltr" />
        <Field label={t('slugAr')} hint={t('slugHint')} {...field('slug_ar')} dir="rtl" />
        <Field label={t('sortOrder')} type="number" min={0} step={1} {...field('sort_order')} dir="ltr" />
        <Field label={t('highlightFrom')} type="date" hint={t('highlightHint')} {...field('highlight_from')} dir="ltr" />
        <Field label={t('highlightTo')} type="date" {...field('highlight_to')} dir="ltr" />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="occasion-image" className="text-sm font-medium text-ink">
          {t('picture')}
        </label>
        {editing?.image_path && !file && <img src={editing.image_path} alt="" className="h-24 w-32 rounded-lg object-cover" />}
        <input
          ref={fileInput}
          id="occasion-image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => pick(e.target.files?.[0])}
          aria-describedby="occasion-image-hint"
          className="max-w-full text-sm"
        />
        <p
          id="occasion-image-hint"
          className={fileError ? 'text-sm text-danger' : 'text-sm text-muted'}
          role={fileError ? 'alert' : undefined}
        >
          {fileError ?? t('pictureHint')}
        </p>
        {editing?.image_path && (
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" {...form.register('remove_image')} className="size-4 accent-primary" />
            {t('removePicture')}
          </label>
        )}
      </div>
      <div className="flex justify-end gap-2">
        {editing && (
          <Button variant="ghost" type="button" onClick={onDone} disabled={form.saving}>
            {ta('actions.cancel')}
          </Button>
        )}
        <SubmitButton form={form} busyLabel={ta('actions.saving')}>
          {editing ? ta('actions.save') : t('add')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

export default function OccasionsPage() {
  const { t, i18n } = useTranslation('admin-occasions');
  const lang = (i18n.resolvedLanguage ?? 'fr') as 'fr' | 'en' | 'ar';
  const occasions = useAdminOccasions();
  const [editing, setEditing] = useState<AdminOccasion | null>(null);
  const remove = useDeleteOccasion();
  const del = useConfirmDelete<AdminOccasion>({
    action: (o) => remove.mutateAsync(o.id),
    message: (o) => t('confirmDelete', { name: o.names[lang] ?? o.names.fr }),
  });
  const nameOf = (o: AdminOccasion) => o.names[lang] ?? o.names.fr;

  const columns: Column<AdminOccasion>[] = [
    {
      key: 'picture',
      header: t('picture'),
      srOnlyHeader: true,
      cell: (o) =>
        o.image_path ? (
          <img src={o.image_path} alt="" className="size-10 rounded-lg object-cover" />
        ) : (
          <span className="block size-10 rounded-lg bg-sand" />
        ),
    },
    { key: 'name', header: t('name'), cell: (o) => <span className="font-medium text-ink">{nameOf(o)}</span> },
    { key: 'slug', header: t('slug'), priority: 2, cell: (o) => <bdi>{o.slugs[lang]}</bdi> },
    {
      key: 'window',
      header: t('highlight'),
      priority: 2,
      cell: (o) => (o.highlight_from ? <bdi dir="ltr">{`${o.highlight_from} → ${o.highlight_to}`}</bdi> : '–'),
    },
    { key: 'order', header: t('sortOrder'), align: 'end', priority: 2, cell: (o) => o.sort_order },
    { key: 'products', header: t('products'), align: 'end', cell: (o) => o.products_count },
  ];

  return (
    <div>
      <PageHeader title={t('title')} />
      <OccasionForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={occasions.data?.data}
        rowKey={(o) => o.id}
        loading={occasions.isPending}
        error={occasions.isError ? t('loadFailed') : null}
        onRetry={() => void occasions.refetch()}
        empty={t('empty')}
        rowActions={(o) => <RowActions name={nameOf(o)} onEdit={() => setEditing(o)} onDelete={() => del.ask(o)} />}
      />
      {del.dialog}
    </div>
  );
}
