/**
 * /admin/colors: the colours (swatch, names, hex, slug, order, products using it, active) with the
 * "Add New Color" form above; the same form edits a colour. The slug follows the name until it is
 * typed by hand; the hex code is checked (#RRGGBB) in the browser and on the server.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { colorFormSchema, type AdminColor } from '@shared/schemas/catalogue-admin';
import { slugify } from '@shared/text';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { RowActions } from '../RowActions';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useAdminColors, useDeleteColor, useSaveColor, useToggleColor } from '../api';
import { ActiveBadge } from '../ActiveBadge';
import { checkedAsSent } from '../checked-as-sent';
import { refusalText } from '../refusal-text';

/** The form's values as typed; the request's fields (the active flag as '1'/'0') are checked by the server's schema and sent as they are. */
const colorValuesSchema = z
  .object({
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    hex_code: z.string(),
    slug: z.string(),
    sort_order: z.string(),
    is_active: z.boolean(),
  })
  .transform((v) => ({ ...v, is_active: v.is_active ? '1' : '0' }))
  .superRefine(checkedAsSent(colorFormSchema));
type Values = z.input<typeof colorValuesSchema>;
const EMPTY: Values = { name: '', name_en: '', name_ar: '', hex_code: '#000000', slug: '', sort_order: '0', is_active: true };

const valuesOf = (c: AdminColor): Values => ({
  name: c.name,
  name_en: c.translations.en.name,
  name_ar: c.translations.ar.name,
  hex_code: c.hex_code,
  slug: c.slug,
  sort_order: String(c.sort_order),
  is_active: c.is_active,
});

function ColorForm({ editing, onDone }: { editing: AdminColor | null; onDone: () => void }) {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const saveColor = useSaveColor();
  const [slugTouched, setSlugTouched] = useState(Boolean(editing));
  // The server's own confirmation, shown by the kit's toast.
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(colorValuesSchema, {
    defaultValues: editing ? valuesOf(editing) : EMPTY,
    save: async (fields): Promise<void> => {
      const answer = await saveColor.mutateAsync({ id: editing?.id ?? null, fields });
      confirmation.current = answer.message;
      form.reset(EMPTY);
      setSlugTouched(false);
      onDone();
    },
    saved: () => confirmation.current,
    failed: (error) => refusalText(error, t(editing ? 'colors.updateFailed' : 'colors.addFailed')),
  });
  const { field } = form;
  const errors = form.formState.errors;
  // A check that failed in the browser: the fields say which, the message above says what to do.
  const checkFailed = Object.values(errors).some((e) => e && e.type !== 'server');
  const message = form.formError ?? (checkFailed ? t('colors.fillRequired') : null);
  const hex = form.watch('hex_code');

  return (
    <ShopForm
      form={form}
      message={message && <FormMessage tone="error">{message}</FormMessage>}
      className="mb-6 space-y-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
    >
      <h2 className="font-display text-xl text-ink">{editing ? t('colors.editTitle') : t('colors.addTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t('colors.nameFr')}
          required
          {...form.register('name', {
            onChange: (e: { target: { value: string } }) => !slugTouched && form.setValue('slug', slugify(e.target.value)),
          })}
          error={form.errorText('name')}
        />
        <Field label={t('colors.nameEn')} {...field('name_en')} lang="en" />
        <Field label={t('colors.nameAr')} {...field('name_ar')} lang="ar" dir="rtl" />
        <div className="flex items-end gap-2">
          <Field label={t('colors.hex')} required {...field('hex_code')} dir="ltr" className="flex-1" maxLength={7} />
          <input
            type="color"
            aria-label={t('colors.picker')}
            value={/^#[0-9a-fA-F]{6}$/.test(hex) ? hex : '#000000'}
            onChange={(e) => form.setValue('hex_code', e.target.value.toUpperCase())}
            className="mb-0.5 h-12 w-12 shrink-0 cursor-pointer rounded-xl border border-line"
          />
        </div>
        <Field
          label={t('colors.slug')}
          required
          {...form.register('slug', { onChange: () => setSlugTouched(true) })}
          error={form.errorText('slug')}
          dir="ltr"
        />
        <Field label={t('colors.sortOrder')} type="number" min={0} step={1} {...field('sort_order')} dir="ltr" />
      </div>
      <label className="flex items-center gap-3 text-sm text-ink">
        <input type="checkbox" {...form.register('is_active')} className="size-5 accent-primary" />
        {t('colors.activeLabel')}
      </label>
      <div className="flex justify-end gap-2">
        {editing && (
          <Button variant="ghost" type="button" onClick={onDone} disabled={form.saving}>
            {ta('actions.cancel')}
          </Button>
        )}
        <SubmitButton form={form} busyLabel={ta('actions.saving')}>
          {editing ? ta('actions.save') : t('colors.add')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

export default function ColorsPage() {
  const { t } = useTranslation('admin-catalogue');
  const colors = useAdminColors();
  const [editing, setEditing] = useState<AdminColor | null>(null);
  const switchColor = useToggleColor();
  const remove = useDeleteColor();
  const del = useConfirmDelete<AdminColor>({
    action: (c) => remove.mutateAsync(c.id),
    message: (c) => t('colors.confirmDelete', { name: c.name }),
  });

  async function toggle(c: AdminColor) {
    try {
      await switchColor.mutateAsync(c.id);
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('colors.toggleFailed'));
    }
  }

  const columns: Column<AdminColor>[] = [
    {
      key: 'swatch',
      header: t('colors.swatch'),
      srOnlyHeader: true,
      cell: (c) => <span className="block size-8 rounded-full border border-line" style={{ backgroundColor: c.hex_code }} />,
    },
    { key: 'name', header: t('colors.name'), cell: (c) => <span className="font-medium text-ink">{c.name}</span> },
    { key: 'hex', header: t('colors.hex'), cell: (c) => <code dir="ltr">{c.hex_code}</code> },
    { key: 'slug', header: t('colors.slug'), priority: 2, cell: (c) => <code dir="ltr">{c.slug}</code> },
    { key: 'order', header: t('colors.sortOrder'), align: 'end', priority: 2, cell: (c) => c.sort_order },
    { key: 'products', header: t('categories.products'), align: 'end', cell: (c) => c.products_count },
    {
      key: 'active',
      header: t('subcategories.status'),
      align: 'center',
      cell: (c) => (
        <button
          type="button"
          onClick={() => void toggle(c)}
          aria-pressed={c.is_active}
          aria-label={t('colors.toggleNamed', { name: c.name })}
          className="rounded-full focus-visible:outline-2 focus-visible:outline-primary"
        >
          <ActiveBadge active={c.is_active} />
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t('colors.title')} />
      <ColorForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <DataTable
        caption={t('colors.title')}
        columns={columns}
        rows={colors.data?.data}
        rowKey={(c) => c.id}
        loading={colors.isPending}
        error={colors.isError ? t('colors.loadFailed') : null}
        onRetry={() => void colors.refetch()}
        empty={t('colors.empty')}
        rowActions={(c) => <RowActions name={c.name} onEdit={() => setEditing(c)} onDelete={() => del.ask(c)} />}
      />
      {del.dialog}
    </div>
  );
}
