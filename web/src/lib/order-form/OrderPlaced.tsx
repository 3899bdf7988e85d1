/**
 * The "order placed" screen of every storefront checkout. It stays until the shopper leaves it (no
 * jump home): on a phone the form above was scrolled down to its button, so the page goes back to
 * the top and the heading takes the focus, so the order number is on the screen and read out first.
 * A signed-in customer follows the order from "My orders"; a guest follows the signed tracking link
 * the checkout answered with (the one the confirmation mail carries), kept in the page's language.
 * Without a link (an answer that has none), the guest is told it is in the mail. The order's lines
 * are listed as the order kept them (each in its size, the extras as lines of their own), so the
 * shopper sees at once what was ordered.
 */
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui';
import { appLinkOf } from '@web/lib/locale-address';
import type { CardPaymentFormBody } from '@shared/schemas/card-payments';
import type { PlacedOrder } from '@shared/schemas/checkout';
import type { OrderSlot } from '@shared/schemas/delivery-slots';
import { GatewayForm } from '@web/lib/card-payment/GatewayForm';
import { OrderSlotLine } from './OrderSlot';

type Props = {
  id: number;
  message?: string;
  signedIn: boolean;
  /** A guest's signed tracking link, as the checkout answered it (`/ar/orders/track/12?token=...`). */
  trackingUrl?: string | undefined;
  /** A card order: the gateway form, posted at once (the order page then shows the bank's answer). */
  payment?: CardPaymentFormBody | undefined;
  /** Delivered or collected, and the slot the order kept (label in the page's language). */
  method?: 'delivery' | 'pickup' | undefined;
  slot?: OrderSlot | null | undefined;
  /** The order's lines (name with its size, colour, quantity). */
  items?: PlacedItem[] | undefined;
};

type PlacedItem = Pick<PlacedOrder['order_items'][number], 'name' | 'quantity' | 'color'>;

/** The screen's props from a checkout's answer (the order placed, its message, a guest's link, the card form). */
export const placedProps = (answer: {
  message?: string;
  order: { id: number; delivery_method?: 'delivery' | 'pickup'; delivery_slot?: OrderSlot | null; order_items?: PlacedItem[] };
  tracking_url?: string | undefined;
  payment?: CardPaymentFormBody | undefined;
}): Omit<Props, 'signedIn'> => ({
  id: answer.order.id,
  message: answer.message,
  trackingUrl: answer.tracking_url,
  payment: answer.payment,
  method: answer.order.delivery_method,
  slot: answer.order.delivery_slot,
  items: answer.order.order_items,
});

export function OrderPlaced({ payment, ...placed }: Props) {
  return payment ? <GatewayForm payment={payment} /> : <Placed {...placed} />;
}

function Placed({ id, message, signedIn, trackingUrl, method, slot, items }: Omit<Props, 'payment'>) {
  const { t } = useTranslation('orders');
  const heading = useRef<HTMLHeadingElement>(null);
  const trackTo = signedIn ? '/profile/orders' : trackingUrl ? appLinkOf(trackingUrl) : null;
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="container-shop py-10 sm:py-16">
      <section
        role="status"
        aria-labelledby="order-placed-title"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-10 text-center"
      >
        <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
        <h1 id="order-placed-title" ref={heading} tabIndex={-1} className="font-display text-3xl text-ink outline-none">
          {t('placed.title')}
        </h1>
        <p className="text-lg text-ink" data-testid="order-number">
          {t('placed.number', { id })}
        </p>
        <OrderSlotLine method={method} slot={slot} />
        {items && items.length > 0 && (
          <ul aria-label={t('placed.items')} className="w-full space-y-1 text-start text-sm text-ink" data-testid="order-lines">
            {items.map((item, i) => (
              <li key={i} className="flex gap-2">
                <span className="shrink-0 tabular-nums">{item.quantity} ×</span>
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <bdi>{item.name}</bdi>
                  {item.color && (
                    <span className="text-muted">
                      {' · '}
                      <bdi>{item.color.name}</bdi>
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-muted">{message || t('placed.mailed')}</p>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          {trackTo ? (
            <ButtonLink to={trackTo} data-testid="order-tracking">
              {t('placed.track')}
            </ButtonLink>
          ) : (
            <p className="text-sm text-muted" data-testid="order-tracking">
              {t('placed.trackByMail')}
            </p>
          )}
          <ButtonLink to="/" variant="secondary">
            {t('placed.home')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
