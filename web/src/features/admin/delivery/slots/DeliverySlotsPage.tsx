/**
 * /admin/delivery-slots: the times of day a delivery (or a pick-up) is booked in: each slot's times,
 * label, capacity per day, the zones that offer it and its state; add, edit, deactivate (kept for
 * later) or delete (orders keep the label they were given).
 */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSlot } from '@shared/schemas/delivery-slots';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { toast } from '@web/components/ui/toast';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useZones } from '../zones/api';
import { slotBody, useDeleteSlot, useSaveSlot, useSlots } from './api';
import { SlotForm } from './SlotForm';

export default function DeliverySlotsPage() {
  const { t } = useTranslation(['admin-delivery-slots', 'admin']);
  const slots = useSlots();
  const zones = useZones();
  const save = useSaveSlot();
  const remove = useDeleteSlot();
  const [editing, setEditing] = useState<AdminSlot | 'new' | null>(null);
  const del = useConfirmDelete<AdminSlot>({
    action: (s) => remove.mutateAsync(s.id),
    message: (s) => t('confirmDelete', { name: s.label }),
  });
  const zoneName = (id: number) => zones.data?.data.find((z) => z.id === id)?.name ?? `#${id}`;

  const toggle = (s: AdminSlot) =>
    save.mutate(
      { id: s.id, body: { ...slotBody(s), is_active: !s.is_active } },
      { onError: () => toast.error(t('failed')), onSuccess: () => toast.success(t(s.is_active ? 'deactivated' : 'activated')) },
    );

  const columns: Column<AdminSlot>[] = [
    { key: 'label', header: t('columns.label'), cell: (s) => <span className="font-medium">{s.label}</span> },
    {
      key: 'times',
      header: t('columns.times'),
      // Same direction as the labels (read from the start of the line in Arabic too).
      cell: (s) => <span className="tabular-nums">{`${s.starts} – ${s.ends}`}</span>,
    },
    { key: 'capacity', header: t('columns.capacity'), cell: (s) => s.capacity ?? t('unlimited'), align: 'end' },
    {
      key: 'zones',
      header: t('columns.zones'),
      cell: (s) => (s.zone_ids.length === 0 ? t('allZones') : s.zone_ids.map(zoneName).join(', ')),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (s) => (
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
            s.is_active ? 'bg-emerald-100 text-emerald-900' : 'bg-sand text-ink',
          )}
        >
          {s.is_active ? t('active') : t('off')}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('new')}
          </Button>
        }
      />
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={slots.data?.data}
        rowKey={(s) => s.id}
        loading={slots.isPending}
        error={slots.isError ? t('admin:list.loadFailed') : null}
        onRetry={() => void slots.refetch()}
        empty={t('empty')}
        rowActions={(s) => (
          <span className="flex flex-wrap justify-end gap-1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(s)} aria-label={t('edit', { name: s.label })}>
              {t('admin:actions.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={save.isPending}
              onClick={() => toggle(s)}
              aria-label={t(s.is_active ? 'deactivate' : 'activate', { name: s.label })}
            >
              {t(s.is_active ? 'deactivateShort' : 'activateShort')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => del.ask(s)} aria-label={t('delete', { name: s.label })}>
              {t('admin:actions.delete')}
            </Button>
          </span>
        )}
      />
      {editing !== null && <SlotForm slot={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
