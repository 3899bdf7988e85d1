/** The expandable detail of an order in the list: lines, recipient, substitution, messages, history. */
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';
import { Price } from '@web/components/ui/Price';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Modal } from '@web/components/ui/Modal';
import { Spinner } from '@web/components/ui/Spinner';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { formatShopDate } from '@web/lib/format';
import { hasSlotFacts, OrderSlotText } from '@web/lib/order-form/OrderSlot';
import { PhoneLinks } from '../components/PhoneLinks';
import { useAdminOrder } from './api';
import { useLocale } from '../components/format';
import { OrderItemsTable } from './OrderItemsTable';
import { ReceiptButton } from './ReceiptButton';
import { RepeatOrderLink } from './RepeatOrderLink';

/** A labelled fact; its value wraps anywhere (an e-mail address has no spaces to break at). */
function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className ? `min-w-0 ${className}` : 'min-w-0'}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

export function OrderDetailPanel({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-sales', 'admin', 'common', 'delivery-slots']);
  const locale = useLocale();
  const query = useAdminOrder(orderId ?? 0);
  const o = query.data;
  return (
    <Modal
      open={orderId !== null}
      onClose={onClose}
      title={t('orders.detailTitle', { id: orderId })}
      closeLabel={t('admin:actions.close')}
      size="2xl"
    >
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !o ? (
        <ErrorState message={query.error?.message || t('edit.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-5">
          <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-4">
            <Fact label={t('edit.customer')}>
              <bdi>{o.customer_name}</bdi>
            </Fact>
            <Fact label={t('edit.email')} className="md:col-span-2">
              <a href={`mailto:${o.customer_email}`} className="break-all text-primary underline-offset-2 hover:underline">
                <bdi>{o.customer_email}</bdi>
              </a>
            </Fact>
            <Fact label={t('edit.phone')}>
              <PhoneLinks phone={o.customer_phone} />
            </Fact>
            <Fact label={t('edit.address')} className="min-[480px]:col-span-2">
              {o.address ? (
                // One isolate: a Latin address reads in its own order inside Arabic text.
                <bdi>{`${o.address.street}, ${o.address.postal_code} ${o.address.city}`}</bdi>
              ) : (
                '–'
              )}
            </Fact>
            <Fact label={t('edit.orderStatus')}>
              <StatusBadge status={o.order_status} />
            </Fact>
            <Fact label={t('edit.deliveryDate')}>{o.delivery_date ? formatShopDate(locale, o.delivery_date) : '–'}</Fact>
            <Fact label={t('edit.city')}>{o.delivery_city}</Fact>
            {hasSlotFacts({ method: o.delivery_method, slot: o.delivery_slot }) && (
              <Fact label={t('delivery-slots:slot')}>
                <OrderSlotText method={o.delivery_method} slot={o.delivery_slot} />
              </Fact>
            )}
            <Fact label={t('detail.recipient')}>
              {o.recipient ? (
                <>
                  <bdi>{o.recipient.name}</bdi>
                  {o.recipient.phone && (
                    <span className="block">
                      <PhoneLinks phone={o.recipient.phone} />
                    </span>
                  )}
                </>
              ) : (
                t('detail.recipientSelf')
              )}
            </Fact>
            <Fact label={t('detail.substitution')}>{t(`detail.substitutions.${o.substitution}`)}</Fact>
            <Fact label={t('edit.totalAmount')}>
              <Price amount={o.total_amount} />
            </Fact>
            <Fact label={t('edit.paymentMethod')}>
              {t(`paymentMethods.${o.payment_method}`)} · {t(`common:paymentStatus.${o.payment_status}`)}
            </Fact>
          </dl>
          {(o.gift_message || o.order_notes || o.custom_instructions) && (
            <dl className="grid gap-3 sm:grid-cols-3">
              {o.gift_message && (
                <Fact label={t('edit.giftMessage')}>
                  <bdi>{o.gift_message}</bdi>
                </Fact>
              )}
              {o.order_notes && (
                <Fact label={t('detail.notes')}>
                  <bdi>{o.order_notes}</bdi>
                </Fact>
              )}
              {o.custom_instructions && (
                <Fact label={t('detail.customInstructions')}>
                  <bdi>{o.custom_instructions}</bdi>
                </Fact>
              )}
            </dl>
          )}
          <OrderItemsTable items={o.order_items} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-ink">{t('detail.history')}</h3>
            <ol className="space-y-1 text-sm">
              {o.status_history.map((h, i) => (
                <li key={i} className="flex flex-wrap items-center gap-2">
                  <span className="text-muted">{formatShopDate(locale, h.created_at, true)}</span>
                  <StatusBadge status={h.order_status} />
                  <span className="text-muted">{t(`common:paymentStatus.${h.payment_status}`)}</span>
                  {h.changed_by && <span className="text-muted">· {h.changed_by}</span>}
                </li>
              ))}
            </ol>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <ReceiptButton order={o} />
            <RepeatOrderLink orderId={o.id} />
            <ButtonLink to={`/admin/orders/edit/${o.id}`}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('orders.editOrder')}
            </ButtonLink>
          </div>
        </div>
      )}
    </Modal>
  );
}
