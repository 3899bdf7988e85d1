/** /admin/delivery-zones: the cities offered at checkout, their fee (or range), free-delivery threshold and active flag. */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { AdminZone } from '@shared/schemas/delivery-admin';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useZones } from './api';
import { ZoneForm } from './ZoneForm';

export default function DeliveryZonesPage() {
  const { t, i18n } = useTranslation(['admin-settings', 'admin']);
  const locale = toLocale(i18n.resolvedLanguage);
  const zones = useZones();
  const [editing, setEditing] = useState<AdminZone | 'new' | null>(null);
  const mad = (n: number) => formatMAD(n, locale);

  const columns: Column<AdminZone>[] = [
    { key: 'name', header: t('zones.columns.name'), cell: (z) => <span className="font-medium">{z.name}</span> },
    {
      key: 'names',
      header: t('zones.columns.names'),
      cell: (z) => (
        <span className="flex flex-col text-sm">
          <span lang="en">{z.name_en ?? '—'}</span>
          <span lang="ar" dir="rtl">
            {z.name_ar}
          </span>
        </span>
      ),
    },
    {
      key: 'fee',
      header: t('zones.columns.fee'),
      cell: (z) => (z.fee_max !== null ? t('zones.range', { from: mad(z.fee), to: mad(z.fee_max) }) : mad(z.fee)),
      align: 'end',
    },
    {
      key: 'free',
      header: t('zones.columns.free'),
      cell: (z) => (z.free_threshold !== null ? mad(z.free_threshold) : t('zones.none')),
      align: 'end',
    },
    { key: 'order', header: t('zones.columns.order'), cell: (z) => z.sort_order, align: 'end' },
    {
      key: 'status',
      header: t('zones.columns.status'),
      cell: (z) => (
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
            z.is_active ? 'bg-emerald-100 text-emerald-900' : 'bg-sand text-ink',
          )}
        >
          {z.is_active ? t('zones.active') : t('zones.off')}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('zones.title')}
        description={t('zones.description')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('zones.new')}
          </Button>
        }
      />
      <DataTable
        caption={t('zones.title')}
        columns={columns}
        rows={zones.data?.data}
        rowKey={(z) => z.id}
        loading={zones.isPending}
        error={zones.isError ? t('admin:list.loadFailed') : null}
        onRetry={() => void zones.refetch()}
        empty={t('zones.empty')}
        rowActions={(z) => (
          <Button size="sm" variant="ghost" onClick={() => setEditing(z)} aria-label={t('zones.edit', { name: z.name })}>
            {t('admin:actions.edit')}
          </Button>
        )}
      />
      {editing !== null && <ZoneForm zone={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
