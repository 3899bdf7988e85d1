/** /admin/coupons: every code with its discount, limits, uses so far; create, edit, switch off, see its orders. */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { AdminCoupon } from '@shared/schemas/coupons';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { formatShopDate } from '@web/lib/format';
import { DataTable, type Column } from '../components/DataTable';
import { ListFooter } from '../components/ListFooter';
import { ListToolbar, SearchInput } from '../components/ListToolbar';
import { PageHeader } from '../components/PageHeader';
import { usePageHref, useListParams } from '../components/use-list-params';
import { useCoupons, useSwitchCoupon } from './api';
import { CouponForm } from './CouponForm';
import { CouponOrders } from './CouponOrders';

export default function CouponsPage() {
  const { t, i18n } = useTranslation(['admin-settings', 'admin']);
  const locale = toLocale(i18n.resolvedLanguage);
  const [params, setParams] = useListParams({ page: 1, search: '' });
  const hrefFor = usePageHref();
  const query = useCoupons(params);
  const switcher = useSwitchCoupon();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [showing, setShowing] = useState<AdminCoupon | null>(null);

  const day = (d: string) => formatShopDate(locale, d);
  const period = (c: AdminCoupon) =>
    c.starts_on && c.ends_on
      ? t('coupons.between', { from: day(c.starts_on), to: day(c.ends_on) })
      : c.starts_on
        ? t('coupons.from', { date: day(c.starts_on) })
        : c.ends_on
          ? t('coupons.until', { date: day(c.ends_on) })
          : t('coupons.always');

  const columns: Column<AdminCoupon>[] = [
    {
      key: 'code',
      header: t('coupons.columns.code'),
      cell: (c) => (
        <bdi dir="ltr" className="font-mono font-semibold">
          {c.code}
        </bdi>
      ),
    },
    {
      key: 'discount',
      header: t('coupons.columns.discount'),
      cell: (c) =>
        c.type === 'percent' ? t('coupons.percentOff', { value: c.value }) : t('coupons.amountOff', { amount: formatMAD(c.value, locale) }),
    },
    {
      key: 'minimum',
      header: t('coupons.columns.minimum'),
      priority: 2,
      cell: (c) => (c.min_subtotal > 0 ? formatMAD(c.min_subtotal, locale) : '—'),
    },
    { key: 'period', header: t('coupons.columns.period'), priority: 2, cell: period },
    {
      key: 'uses',
      header: t('coupons.columns.uses'),
      cell: (c) => <bdi dir="ltr">{c.max_uses === null ? c.used_count : `${c.used_count} / ${c.max_uses}`}</bdi>,
      align: 'end',
    },
    {
      key: 'perCustomer',
      header: t('coupons.columns.perCustomer'),
      priority: 3,
      cell: (c) => c.max_uses_per_customer ?? t('coupons.unlimited'),
      align: 'end',
    },
    {
      key: 'status',
      header: t('coupons.columns.status'),
      cell: (c) => (
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
            c.is_active ? 'bg-emerald-100 text-emerald-900' : 'bg-sand text-ink',
          )}
        >
          {c.is_active ? t('coupons.active') : t('coupons.off')}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('coupons.title')}
        description={t('coupons.description')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('coupons.new')}
          </Button>
        }
      />
      <ListToolbar onClear={() => setParams({ search: '' })} canClear={params.search !== ''}>
        <SearchInput label={t('coupons.search')} value={params.search} onSearch={(search) => setParams({ search })} />
      </ListToolbar>
      <DataTable
        caption={t('coupons.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(c) => c.id}
        loading={query.isPending}
        error={query.isError ? t('admin:list.loadFailed') : null}
        onRetry={() => void query.refetch()}
        empty={params.search ? t('coupons.emptySearch') : t('coupons.empty')}
        rowActions={(c) => (
          <div className="flex flex-wrap justify-end gap-1">
            <Button size="sm" variant="ghost" onClick={() => setShowing(c)} aria-label={`${t('coupons.orders')} ${c.code}`}>
              {t('coupons.orders')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(c)} aria-label={t('coupons.edit', { code: c.code })}>
              {t('admin:actions.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={switcher.isPending && switcher.variables?.id === c.id}
              onClick={() => switcher.mutate({ id: c.id, active: !c.is_active })}
              aria-label={`${c.is_active ? t('coupons.switchOff') : t('coupons.switchOn')} ${c.code}`}
            >
              {c.is_active ? t('coupons.switchOff') : t('coupons.switchOn')}
            </Button>
          </div>
        )}
      />
      <ListFooter meta={query.data?.meta} hrefFor={hrefFor} />
      {editing !== null && <CouponForm coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {showing && <CouponOrders coupon={showing} onClose={() => setShowing(null)} />}
    </>
  );
}
