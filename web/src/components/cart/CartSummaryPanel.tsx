import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '@web/components/ui';
import type { CartSummary } from '@web/lib/cart/api';
import { withoutDeliveryFee } from '@web/lib/order-form/pickup-totals';

/**
 * Subtotal, coupon discount, shipping, tax (included) and total: always the server's numbers. A
 * pick-up shows no delivery fee and the total without it (what the checkout sends and the server charges).
 */
export function CartSummaryPanel({
  summary: priced,
  children,
  title,
  pickup = false,
}: {
  summary: CartSummary;
  children?: ReactNode;
  title?: string;
  pickup?: boolean;
}) {
  const { t } = useTranslation(['cart', 'delivery-slots']);
  const summary = pickup ? withoutDeliveryFee(priced) : priced;
  const coupon = summary.coupon && summary.coupon.valid !== false ? summary.coupon : null;
  return (
    <section aria-labelledby="cart-summary-title" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="cart-summary-title" className="mb-4 font-display text-xl text-ink">
        {title ?? t('summary.title')}
      </h2>
      <dl className="space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('summary.subtotal')}</dt>
          <dd data-testid="summary-subtotal">
            <Price amount={summary.subtotal} />
          </dd>
        </div>
        {coupon && summary.discount > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('summary.discount', { code: coupon.code })}</dt>
            <dd className="text-success" data-testid="summary-discount">
              <span aria-hidden="true">−</span>
              <Price amount={summary.discount} className="[&_bdi]:text-success" />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('summary.shipping')}</dt>
          <dd data-testid="summary-shipping">
            {pickup ? (
              <span className="font-semibold text-success">{t('delivery-slots:pickupFree')}</span>
            ) : !summary.delivery_city ? (
              <span className="text-muted">{t('summary.shippingPending')}</span>
            ) : summary.shipping === 0 ? (
              <span className="font-semibold text-success">{t('summary.shippingFree')}</span>
            ) : (
              <Price amount={summary.shipping} />
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('summary.tax')}</dt>
          <dd className="text-muted">{t('summary.taxIncluded')}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-3 text-base">
          <dt className="font-semibold text-ink">{t('summary.total')}</dt>
          <dd data-testid="summary-total">
            <Price amount={summary.total} className="text-lg" />
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
