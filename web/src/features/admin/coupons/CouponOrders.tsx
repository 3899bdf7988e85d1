/** The orders that used a coupon, in a dialog. */
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import type { AdminCoupon, CouponOrder } from '@shared/schemas/coupons';
import { Modal } from '@web/components/ui/Modal';
import { Price } from '@web/components/ui/Price';
import { formatShopDate } from '@web/lib/format';
import { DataTable, type Column } from '../components/DataTable';
import { useCouponDetail } from './api';

export function CouponOrders({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin-settings', 'admin']);
  const locale = toLocale(i18n.resolvedLanguage);
  const detail = useCouponDetail(coupon.id);
  const columns: Column<CouponOrder>[] = [
    { key: 'id', header: t('coupons.order.number'), cell: (o) => <bdi dir="ltr">#{o.id}</bdi> },
    { key: 'date', header: t('coupons.order.date'), cell: (o) => formatShopDate(locale, o.created_at) },
    { key: 'customer', header: t('coupons.order.customer'), cell: (o) => <bdi className="break-all">{o.customer_name}</bdi> },
    { key: 'discount', header: t('coupons.order.discount'), cell: (o) => <Price amount={o.discount} />, align: 'end' },
    { key: 'total', header: t('coupons.order.total'), cell: (o) => <Price amount={o.total_amount} />, align: 'end' },
  ];
  return (
    <Modal open onClose={onClose} title={t('coupons.ordersTitle', { code: coupon.code })} closeLabel={t('admin:actions.close')} size="xl">
      <DataTable
        caption={t('coupons.ordersTitle', { code: coupon.code })}
        columns={columns}
        rows={detail.data?.orders.data}
        rowKey={(o) => o.id}
        loading={detail.isPending}
        error={detail.isError ? t('admin:list.loadFailed') : null}
        onRetry={() => void detail.refetch()}
        empty={t('coupons.ordersEmpty')}
      />
    </Modal>
  );
}
