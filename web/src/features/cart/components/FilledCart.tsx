/**
 * The cart with lines: the lines with their stepper and remove, the extras not yet in the cart ("Add
 * to your bouquet"), the coupon, the delivery city and the summary with "proceed to checkout". A module of its own, fetched when the cart has lines (or
 * may have: CartPage starts it while the cart loads): the coupon's form brings react-hook-form, zod
 * and the shared schemas, and the city picker its dialog, which an empty cart (a first visit's) never
 * shows.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { useClearCart, useRemoveCartItem, useUpdateCartItem, type CartState } from '@web/lib/cart/api';
import { cartErrorMessage } from '@web/lib/cart/messages';
import { CartLineRow } from './CartLineRow';
import { CartSummaryPanel } from '@web/components/cart/CartSummaryPanel';
import { CouponForm } from './CouponForm';
import { DeliveryCitySelect } from '@web/components/cart/DeliveryCity';
import { ExtrasOffer } from '@web/components/cart/ExtrasOffer';

export default function FilledCart({ data }: { data: CartState }) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const [cityError, setCityError] = useState<string | null>(null);

  useEffect(() => {
    if (data.summary.delivery_city) setCityError(null);
  }, [data.summary.delivery_city]);

  const onQuantity = (itemId: number, quantity: number) => {
    setBusyLine(itemId);
    update.mutate(
      { itemId, quantity },
      {
        onSuccess: () => toast.success(quantity <= 0 ? t('cart.removed') : t('cart.updated')),
        onError: (error) => toast.error(cartErrorMessage(error, t, 'cart.updateFailed')),
        onSettled: () => setBusyLine(null),
      },
    );
  };
  const onRemove = (itemId: number) => {
    setBusyLine(itemId);
    remove.mutate(itemId, {
      onSuccess: () => toast.success(t('cart.removed')),
      onError: (error) => toast.error(cartErrorMessage(error, t, 'cart.removeFailed')),
      onSettled: () => setBusyLine(null),
    });
  };
  const onClear = () => {
    if (!window.confirm(t('cart.clearConfirm'))) return;
    clear.mutate(undefined, {
      onSuccess: (result) => toast.success(result.offline ? t('cart.clearedOffline') : t('cart.cleared')),
      onError: () => toast.error(t('cart.clearFailed')),
    });
  };
  const onCheckout = () => {
    if (!data.summary.delivery_city) {
      setCityError(t('delivery.selectFirst'));
      document.getElementById('cart-city')?.querySelector('select')?.focus();
      return;
    }
    void navigate('/checkout');
  };

  const stockProblem = data.items.some((i) => i.stock <= 0 || i.quantity > i.stock);
  // The extras are offered once more here, under a cart that has something to go with (a cart of
  // extras alone is refused at the checkout unless the shop sells them alone); the ones already in
  // the cart are not offered again.
  const hasBouquet = data.items.some((i) => !i.is_extra);
  const extrasInCart = data.items.filter((i) => i.is_extra).map((i) => i.product_id);

  return (
    <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="cart-lines-title">
        <div className="flex items-center justify-between gap-4 border-b border-line pb-3">
          <h2 id="cart-lines-title" className="text-sm text-muted">
            {t('cart.itemsCount', { count: data.summary.count })}
          </h2>
          <button
            type="button"
            onClick={onClear}
            disabled={clear.isPending}
            className="text-sm text-muted underline-offset-2 hover:text-danger hover:underline"
          >
            {t('cart.clear')}
          </button>
        </div>
        <ul aria-label={t('cart.linesLabel')} className="divide-y divide-line">
          {data.items.map((item) => (
            <CartLineRow
              key={item.id}
              item={item}
              busy={busyLine === item.id}
              onQuantity={(q) => onQuantity(item.id, q)}
              onRemove={() => onRemove(item.id)}
            />
          ))}
        </ul>
        {hasBouquet && <ExtrasOffer exclude={extrasInCart} className="mt-4" listClassName="grid-cols-2 sm:grid-cols-3" />}
        <ButtonLink to="/shop" variant="ghost" className="mt-4">
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('cart.continue')}
        </ButtonLink>
      </section>
      <div className="space-y-4 lg:sticky lg:top-24">
        <div className="space-y-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
          <CouponForm coupon={data.summary.coupon} disabled={data.offline} />
          <div id="cart-city">
            <DeliveryCitySelect summary={data.summary} disabled={data.offline} error={cityError} />
          </div>
        </div>
        <CartSummaryPanel summary={data.summary}>
          <Button size="lg" className="mt-5 w-full" onClick={onCheckout} disabled={data.offline || stockProblem}>
            {t('summary.checkout')}
          </Button>
          {data.offline && <p className="mt-2 text-center text-xs text-muted">{t('summary.offlineCheckout')}</p>}
          {!data.offline && stockProblem && <p className="mt-2 text-center text-xs text-danger">{t('summary.stockProblem')}</p>}
        </CartSummaryPanel>
      </div>
    </div>
  );
}
