/**
 * /admin/orders: the orders, 10 a page, with search, status, type, sort and date filters in the URL.
 * Guest orders the shop never accepted (pending, not confirmed) can be ticked and cancelled together,
 * or all those older than 48 hours at once, after a confirmation (their units go back to stock).
 */
import { CalendarDays, Eye, Pencil, Plus, Route, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '@shared/constants';
import type { AdminOrderRow } from '@shared/schemas/orders-admin';
import { ORDER_SOURCES } from '@shared/schemas/staff-orders';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { Price } from '@web/components/ui/Price';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { toast } from '@web/components/ui/toast';
import { formatShopDate } from '@web/lib/format';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { ListFooter } from '../components/ListFooter';
import { DateFilter, FilterSelect, ListToolbar, SearchInput } from '../components/ListToolbar';
import { PageHeader } from '../components/PageHeader';
import { useListParams, usePageHref } from '../components/use-list-params';
import { useAdminOrders, useBulkCancel } from './api';
import { CsvExportButton } from './CsvExportButton';
import { useLocale } from '../components/format';
import { statusOptions } from './labels';
import { OrderDetailPanel } from './OrderDetailPanel';

const DEFAULTS = { page: 1, search: '', status: '', type: '', sort: 'newest', from: '', to: '', source: '' };
/** "Cancel stale guest orders" takes guest orders never accepted placed more than this many hours ago. */
export const STALE_GUEST_HOURS = 48;

/** A guest order the shop never accepted: the only kind bulk cancel takes. */
const cancellable = (o: AdminOrderRow) => o.guest && (o.order_status === 'pending' || o.order_status === 'not_confirmed');

export default function OrdersPage() {
  const { t } = useTranslation(['admin-sales', 'admin', 'common']);
  const locale = useLocale();
  const [params, setParams] = useListParams(DEFAULTS);
  const hrefFor = usePageHref();
  const [openId, setOpenId] = useState<number | null>(null);
  const status = (ORDER_STATUSES as readonly string[]).includes(params.status) ? params.status : '';
  const source = (ORDER_SOURCES as readonly string[]).includes(params.source) ? params.source : '';
  const filters = { search: params.search, status, type: params.type, sort: params.sort, from: params.from, to: params.to, source };
  const query = useAdminOrders({ ...filters, page: params.page });
  const filtered = Object.entries(filters).some(([k, v]) => v !== DEFAULTS[k as keyof typeof DEFAULTS]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<'selected' | 'stale' | null>(null);
  const bulkCancel = useBulkCancel();
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<AdminOrderRow>[] = [
    {
      key: 'select',
      header: t('orders.bulk.select'),
      srOnlyHeader: true,
      cell: (o) =>
        cancellable(o) ? (
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={selected.has(o.id)}
            onChange={() => toggle(o.id)}
            aria-label={t('orders.bulk.selectOrder', { id: o.id })}
          />
        ) : null,
    },
    { key: 'id', header: t('orders.columns.id'), cell: (o) => <span className="font-medium">#{o.id}</span> },
    {
      key: 'customer',
      header: t('orders.columns.customer'),
      cell: (o) => (
        <div className="max-w-48 min-w-0">
          <p className="text-ink">
            <bdi>{o.customer_name}</bdi>
          </p>
          <p className="truncate text-xs text-muted">
            <bdi>{o.customer_email}</bdi>
          </p>
        </div>
      ),
    },
    { key: 'date', header: t('orders.columns.date'), priority: 3, cell: (o) => formatShopDate(locale, o.created_at, true) },
    {
      key: 'delivery',
      header: t('orders.columns.delivery'),
      priority: 2,
      cell: (o) => (o.delivery_date ? `${formatShopDate(locale, o.delivery_date)} · ${o.delivery_city}` : o.delivery_city),
    },
    {
      key: 'type',
      header: t('orders.columns.type'),
      priority: 3,
      cell: (o) => (o.is_customized ? t('orders.customized') : t('orders.regular')),
    },
    { key: 'source', header: t('orders.source'), priority: 3, cell: (o) => t(`sources.${o.source}`) },
    { key: 'status', header: t('orders.columns.status'), cell: (o) => <StatusBadge status={o.order_status} /> },
    { key: 'payment', header: t('orders.columns.payment'), priority: 2, cell: (o) => t(`common:paymentStatus.${o.payment_status}`) },
    { key: 'total', header: t('orders.columns.total'), cell: (o) => <Price amount={o.total_amount} />, align: 'end' },
  ];

  return (
    <>
      <PageHeader
        title={t('orders.title')}
        actions={
          <>
            <ButtonLink to="/admin/orders/new">
              <Plus aria-hidden="true" className="size-4" />
              {t('newOrder.button')}
            </ButtonLink>
            <ButtonLink to="/admin/orders/today" variant="secondary">
              <CalendarDays aria-hidden="true" className="size-4" />
              {t('admin:menu.today')}
            </ButtonLink>
            {/* Giving orders to drivers, several at once, is the rounds board's form (by delivery day). */}
            <ButtonLink to="/admin/rounds" variant="secondary">
              <Route aria-hidden="true" className="size-4" />
              {t('admin-rounds:menu.rounds')}
            </ButtonLink>
            <CsvExportButton filters={filters} />
            <Button variant="secondary" disabled={selected.size === 0} onClick={() => setConfirming('selected')}>
              <XCircle aria-hidden="true" className="size-4" />
              {t('orders.bulk.cancelSelected', { count: selected.size })}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming('stale')}>
              {t('orders.bulk.cancelStale', { hours: STALE_GUEST_HOURS })}
            </Button>
          </>
        }
      />
      <ListToolbar
        onClear={() => setParams({ search: '', status: '', type: '', sort: 'newest', from: '', to: '', source: '' })}
        canClear={filtered}
        activeMore={Object.entries(filters).filter(([k, v]) => k !== 'search' && v !== DEFAULTS[k as keyof typeof DEFAULTS]).length}
        more={
          <>
            <FilterSelect label={t('orders.status')} value={status} onChange={(v) => setParams({ status: v })} options={statusOptions(t)} />
            <FilterSelect
              label={t('orders.type')}
              value={params.type}
              onChange={(v) => setParams({ type: v })}
              options={[
                { value: 'customized', label: t('orders.types.customized') },
                { value: 'regular', label: t('orders.types.regular') },
              ]}
            />
            <FilterSelect
              label={t('orders.source')}
              value={source}
              onChange={(v) => setParams({ source: v })}
              options={ORDER_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
            />
            <FilterSelect
              label={t('orders.sort')}
              value={params.sort === 'oldest' ? 'oldest' : ''}
              allLabel={t('orders.sorts.newest')}
              onChange={(v) => setParams({ sort: v || 'newest' })}
              options={[{ value: 'oldest', label: t('orders.sorts.oldest') }]}
            />
            <DateFilter
              label={t('orders.from')}
              value={params.from}
              max={params.to || undefined}
              onChange={(from) => setParams({ from })}
            />
            <DateFilter label={t('orders.to')} value={params.to} min={params.from || undefined} onChange={(to) => setParams({ to })} />
          </>
        }
      >
        <SearchInput label={t('orders.search')} value={params.search} onSearch={(search) => setParams({ search })} />
      </ListToolbar>
      <DataTable
        caption={t('orders.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(o) => o.id}
        loading={query.isPending}
        error={query.isError ? query.error.message || t('admin:list.loadFailed') : null}
        onRetry={() => void query.refetch()}
        empty={filtered ? t('orders.noMatch') : t('orders.empty')}
        rowActions={(o) => (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={() => setOpenId(o.id)} aria-label={t('orders.detailsFor', { id: o.id })}>
              <Eye aria-hidden="true" className="size-4" />
              {/* Named by its aria-label; the word shows on phones' cards and wide screens. */}
              <span className="md:max-2xl:sr-only">{t('orders.details')}</span>
            </Button>
            <ButtonLink variant="ghost" size="sm" to={`/admin/orders/edit/${o.id}`} aria-label={t('orders.editFor', { id: o.id })}>
              <Pencil aria-hidden="true" className="size-4" />
              <span className="md:max-2xl:sr-only">{t('admin:actions.edit')}</span>
            </ButtonLink>
          </div>
        )}
      />
      <ListFooter meta={query.data?.meta} hrefFor={hrefFor} />
      <OrderDetailPanel orderId={openId} onClose={() => setOpenId(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={t('orders.bulk.title')}
        message={
          confirming === 'stale'
            ? t('orders.bulk.confirmStale', { hours: STALE_GUEST_HOURS })
            : t('orders.bulk.confirmSelected', { count: selected.size })
        }
        confirmLabel={t('orders.bulk.confirm')}
        onConfirm={async () => {
          const answer = await bulkCancel.mutateAsync(
            confirming === 'stale' ? { older_than_hours: STALE_GUEST_HOURS } : { order_ids: [...selected] },
          );
          setSelected(new Set());
          toast.success(answer.message);
        }}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
