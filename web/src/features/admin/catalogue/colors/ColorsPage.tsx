/**
 * /admin/colors: the colours (swatch, names, hex, slug, order, products using it, active) with the
 * "Add New Color" form above; the same form edits a colour. The slug follows the name until it is
 * typed by hand; the hex code is checked (#RRGGBB) in the browser and on the server.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { colorFormSchema, type AdminColor } from '@shared/schemas/catalogue-admin';
import { slugify } from '@shared/text';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { toast } from '@web/components/ui/toast';
import { api, isApiError } from '@web/lib/api';
import { RowActions } from '../RowActions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useAdminColors, useRefreshCatalogue } from '../api';
import { ActiveBadge } from '../ActiveBadge';
import { useFieldErrors } from '../use-field-errors';

type Values = { name: string; name_en: string; name_ar: string; hex_code: string; slug: string; sort_order: string; is_active: boolean };
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
  const refresh = useRefreshCatalogue();
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : EMPTY);
  const [slugTouched, setSlugTouched] = useState(Boolean(editing));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, check, fromServer } = useFieldErrors();
  const set = (key: keyof Values, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fields = { ...values, is_active: values.is_active ? '1' : '0' };
    if (!check(colorFormSchema, fields)) {
      setFailure(t('colors.fillRequired'));
      return;
    }
    setBusy(true);
    try {
      const answer = editing ? await api.put<{ message: string }>(`/admin/colors/${editing.id}`, fields) : await api.post<{ message: string }>('/admin/colors/new', fields);
      await refresh();
      toast.success(answer.message);
      setValues(EMPTY);
      setSlugTouched(false);
      onDone();
    } catch (error) {
      setFailure(fromServer(error, t(editing ? 'colors.updateFailed' : 'colors.addFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mb-6 space-y-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      <h2 className="font-display text-xl text-ink">{editing ? t('colors.editTitle') : t('colors.addTitle')}</h2>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t('colors.nameFr')}
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => {
            const name = e.target.value;
            setValues((v) => ({ ...v, name, slug: slugTouched ? v.slug : slugify(name) }));
          }}
        />
        <Field label={t('colors.nameEn')} value={values.name_en} onChange={(e) => set('name_en', e.target.value)} error={errors.name_en} lang="en" />
        <Field label={t('colors.nameAr')} value={values.name_ar} onChange={(e) => set('name_ar', e.target.value)} error={errors.name_ar} lang="ar" dir="rtl" />
        <div className="flex items-end gap-2">
          <Field label={t('colors.hex')} required value={values.hex_code} onChange={(e) => set('hex_code', e.target.value)} error={errors.hex_code} dir="ltr" className="flex-1" maxLength={7} />
          <input
            type="color"
            aria-label={t('colors.picker')}
            value={/^#[0-9a-fA-F]{6}$/.test(values.hex_code) ? values.hex_code : '#000000'}
            onChange={(e) => set('hex_code', e.target.value.toUpperCase())}
            className="mb-0.5 h-12 w-12 shrink-0 cursor-pointer rounded-xl border border-line"
          />
        </div>
        <Field
          label={t('colors.slug')}
          required
          value={values.slug}
          error={errors.slug}
          dir="ltr"
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
        />
        <Field label={t('colors.sortOrder')} type="number" min={0} step={1} value={values.sort_order} onChange={(e) => set('sort_order', e.target.value)} error={errors.sort_order} dir="ltr" />
      </div>
      <label className="flex items-center gap-3 text-sm text-ink">
        <input type="checkbox" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} className="size-5 accent-primary" />
        {t('colors.activeLabel')}
      </label>
      <div className="flex justify-end gap-2">
        {editing && (
          <Button variant="ghost" type="button" onClick={onDone} disabled={busy}>
            {ta('actions.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? ta('actions.saving') : editing ? ta('actions.save') : t('colors.add')}
        </Button>
      </div>
    </form>
  );
}

export default function ColorsPage() {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const colors = useAdminColors();
  const refresh = useRefreshCatalogue();
  const [editing, setEditing] = useState<AdminColor | null>(null);
  const [target, setTarget] = useState<AdminColor | null>(null);

  async function toggle(c: AdminColor) {
    try {
      await api.patch(`/admin/colors/${c.id}/toggle`);
      await refresh();
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('colors.toggleFailed'));
    }
  }

  const columns: Column<AdminColor>[] = [
    { key: 'swatch', header: t('colors.swatch'), srOnlyHeader: true, cell: (c) => <span className="block size-8 rounded-full border border-line" style={{ backgroundColor: c.hex_code }} /> },
    { key: 'name', header: t('colors.name'), cell: (c) => <span className="font-medium text-ink">{c.name}</span> },
    { key: 'hex', header: t('colors.hex'), cell: (c) => <code dir="ltr">{c.hex_code}</code> },
    { key: 'slug', header: t('colors.slug'), cell: (c) => <code dir="ltr">{c.slug}</code> },
    { key: 'order', header: t('colors.sortOrder'), align: 'end', cell: (c) => c.sort_order },
    { key: 'products', header: t('categories.products'), align: 'end', cell: (c) => c.products_count },
    {
      key: 'active',
      header: t('subcategories.status'),
      align: 'center',
      cell: (c) => (
        <button type="button" onClick={() => void toggle(c)} aria-pressed={c.is_active} aria-label={t('colors.toggleNamed', { name: c.name })} className="rounded-full focus-visible:outline-2 focus-visible:outline-primary">
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
        rowActions={(c) => <RowActions name={c.name} onEdit={() => setEditing(c)} onDelete={() => setTarget(c)} />}
      />
      <ConfirmDialog
        open={target !== null}
        message={t('colors.confirmDelete', { name: target?.name ?? '' })}
        confirmLabel={ta('actions.delete')}
        onConfirm={async () => {
          await api.delete(`/admin/colors/${target!.id}`);
          await refresh();
        }}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
