/**
 * The detail of one order (status, lines with colours, totals, delivery, addresses, gift message and
 * the status history timeline): the panel of /profile/orders and the guest's /orders/track/:id page.
 */
import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { OrderAddress, OrderDetail } from '@shared/schemas/orders';
import { QUOTES } from '@shared/text';
import { ReceiptButton } from '@web/components/receipt/ReceiptButton';
import { Price } from '@web/components/ui';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { formatShopDate } from '@web/lib/format';
import { hasSlotFacts, OrderSlotText } from '@web/lib/order-form/OrderSlot';
import { receiptOrderOf } from '@web/lib/receipt/receipt-order';

const dateFmt = formatShopDate;

type Level = 2 | 3;

function AddressBlock({ title, address, level }: { title: string; address: OrderAddress | null; level: Level }) {
  if (!address) return null;
  const Title = level === 2 ? 'h3' : 'h4';
  return (
    <div>
      <Title className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</Title>
      <address className="text-sm not-italic leading-relaxed text-ink">
        <bdi>{address.full_name}</bdi>
        <br />
        <bdi>{address.street}</bdi>
        <br />
        <bdi>
          {address.postal_code} {address.city}
        </bdi>
        {address.state ? (
          <>
            , <bdi>{address.state}</bdi>
          </>
        ) : (
          ''
        )}
        <br />
        <bdi>{address.country}</bdi>
        <br />
        <bdi>{address.phone}</bdi>
      </address>
    </div>
  );
}

/** `level`: the heading level of the sections (3 under the panel's h2, 2 on a page under its h1). */
/** `email`: the customer's, when the page knows it (the account's); it is printed on the receipt. */
export function OrderDetailView({
  order,
  locale,
  level = 3,
  email = null,
}: {
  order: OrderDetail;
  locale: Locale;
  level?: Level;
  email?: string | null;
}) {
  const { t } = useTranslation(['orders', 'delivery-slots']);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge status={order.order_status} />
        <span className="text-muted">{dateFmt(locale, order.created_at, true)}</span>
        <span className="text-muted">· {order.is_customized ? t('orders.customized') : t('orders.regular')}</span>
      </div>
      <div>
        <Heading className="mb-2 font-medium text-ink">{t('orders.items')}</Heading>
        <ul className="divide-y divide-line text-sm">
          {order.order_items.map((item) => {
            const colorName = item.color?.name ?? item.color_name;
            return (
              <li key={item.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{item.product.name}</p>
                  {colorName && (
                    <p className="flex items-center gap-1.5 text-muted">
                      {item.color?.hex_code && (
                        <span
                          aria-hidden="true"
                          className="size-3 rounded-full border border-black/10"
                          style={{ backgroundColor: item.color.hex_code }}
                        />
                      )}
                      {t('orders.color', { color: colorName })}
                    </p>
                  )}
                  <p className="text-muted">
                    <bdi>{item.quantity}</bdi> × <bdi>{formatMAD(item.unit_price, locale)}</bdi>
                  </p>
                </div>
                <Price amount={item.line_total} className="shrink-0" />
              </li>
            );
          })}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('orders.subtotal')}</dt>
            <dd>
              <Price amount={order.subtotal} />
            </dd>
          </div>
          {order.coupon_code && order.coupon_discount > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted">{t('orders.discount', { code: order.coupon_code })}</dt>
              <dd>
                <bdi>−{formatMAD(order.coupon_discount, locale)}</bdi>
              </dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-muted">{t('orders.shipping')}</dt>
            <dd>
              <Price amount={order.shipping_cost} />
            </dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>{t('orders.total')}</dt>
            <dd>
              <Price amount={order.total_amount} />
            </dd>
          </div>
        </dl>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.deliveryCity')}</dt>
          <dd>{order.delivery_city}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.deliveryDate')}</dt>
          <dd>{order.delivery_date ? dateFmt(locale, order.delivery_date) : '—'}</dd>
        </div>
        {hasSlotFacts({ method: order.delivery_method, slot: order.delivery_slot }) && (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('delivery-slots:slot')}</dt>
            <dd>
              <OrderSlotText method={order.delivery_method} slot={order.delivery_slot} />
            </dd>
          </div>
        )}
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.payment')}</dt>
          <dd>
            {t(`orders.paymentMethod.${order.payment_method}`)} · {t(`common:paymentStatus.${order.payment_status}`)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.substitutionLabel')}</dt>
          <dd>{t(`orders.substitution.${order.substitution}`)}</dd>
        </div>
        {order.recipient && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.recipient')}</dt>
            <dd>
              <bdi>{order.recipient.name}</bdi>
              {order.recipient.phone && (
                <>
                  {' '}
                  · <bdi>{order.recipient.phone}</bdi>
                </>
              )}
              {order.recipient.anonymous && <> · {t('orders.anonymous')}</>}
            </dd>
          </div>
        )}
        {order.gift_message && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.giftMessage')}</dt>
            <dd className="whitespace-pre-line italic">
              {QUOTES[locale][0]}
              <bdi>{order.gift_message}</bdi>
              {QUOTES[locale][1]}
            </dd>
          </div>
        )}
        {order.order_notes && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.notes')}</dt>
            <dd className="whitespace-pre-line">{order.order_notes}</dd>
          </div>
        )}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressBlock title={t('orders.billingAddress')} address={order.billing_address} level={level} />
        <AddressBlock title={t('orders.shippingAddress')} address={order.shipping_address ?? order.address} level={level} />
      </div>
      {order.delivery_photo_url && (
        <figure>
          <img
            src={order.delivery_photo_url}
            alt={t('orders.deliveryPhoto')}
            className="max-h-80 w-full max-w-sm rounded-xl border border-line object-cover"
          />
          <figcaption className="mt-1 text-sm text-muted">{t('orders.deliveryPhoto')}</figcaption>
        </figure>
      )}
      <div>
        <Heading className="mb-3 font-medium text-ink">{t('orders.history')}</Heading>
        <ol className="relative space-y-4 border-s-2 border-line ps-5">
          {order.status_history.map((event, i) => (
            <li key={`${event.created_at}-${i}`} className="relative">
              <span aria-hidden="true" className="absolute -start-[1.6rem] top-1 size-3 rounded-full border-2 border-surface bg-primary" />
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={event.order_status} />
                <time dateTime={event.created_at} className="text-xs text-muted">
                  {dateFmt(locale, event.created_at, true)}
                </time>
              </div>
              {event.note && (
                <p className="mt-1 text-sm text-muted">
                  {/* Payment rows carry a code for staff (payment:<method>, card: declined…): the customer reads the payment's status. */}
                  {/^(payment|card):/.test(event.note) ? t(`common:paymentStatus.${event.payment_status}`) : event.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      </div>
      <ReceiptButton
        order={receiptOrderOf(order, {
          name: order.billing_address?.full_name ?? order.address?.full_name ?? '',
          email,
          phone: order.billing_address?.phone ?? null,
        })}
      />
    </div>
  );
}
