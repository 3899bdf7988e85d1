/**
 * /checkout: the buyer (a guest also gives an e-mail), the delivery address with its city (the cart's
 * zone, chosen once) and who receives the flowers, a billing address only when asked for, the date,
 * substitution, card message, notes, payment (cash on delivery; card shown disabled), terms. The order
 * is placed through `usePlaceOrder` (one idempotency key per cart, the submit ladder); a 409 shows
 * the server's fresh total for the customer to confirm. Then the "order placed" screen, until the
 * shopper leaves it. The wishlist is kept: favourites are not what was ordered.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@web/components/ui/form-fields';
import { DeliveryCitySelect } from '@web/components/cart/DeliveryCity';
import { useSession } from '@web/lib/session';
import { useDocumentTitle } from '@web/lib/head';
import { cartKeys, useCart, type Cart } from '@web/lib/cart/api';
import { useClosedDates } from '@web/lib/delivery';
import { ShopForm, useShopForm } from '@web/lib/forms';
import { BillingAddressFields } from '@web/lib/order-form/AddressFields';
import { DeliveryDateField, SubstitutionField } from '@web/lib/order-form/DeliveryFields';
import { DeliverySlotField } from '@web/lib/order-form/DeliverySlotFields';
import { DeliveryWhere } from '@web/lib/order-form/DeliveryWhere';
import { CheckBox, FormSection } from '@web/lib/order-form/FormSection';
import { OrderPlaced, placedProps } from '@web/lib/order-form/OrderPlaced';
import { PaymentSection } from '@web/lib/order-form/PaymentSection';
import { totalsFor } from '@web/lib/order-form/pickup-totals';
import { useCardOffer } from '@web/lib/card-payment/api';
import { RecipientFields } from '@web/lib/order-form/RecipientFields';
import { defaultDetails, emptyAddress, DETAIL_RENAMES } from '@web/lib/order-form/form';
import { usePlaceOrder } from '@web/lib/order-form/use-place-order';
import { useCheckout, type CheckoutAnswer } from './api';
import { cartLines, makeCheckoutSchema, toCheckoutBody, type CheckoutFormValues } from './checkout-form';
import { CartNotReady } from './CartNotReady';
import { CheckoutContact } from './CheckoutContact';
import { CheckoutSummary, PriceChangedModal } from './CheckoutSummary';

export default function CheckoutPage() {
  const { t } = useTranslation(['orders', 'cart']);
  useDocumentTitle(t('checkout.title'));
  const qc = useQueryClient();
  const { user, isLoggedIn } = useSession();
  const cart = useCart();
  const closed = useClosedDates();
  const checkout = useCheckout();
  const [conflict, setConflict] = useState<number | null>(null);
  const cardOffer = useCardOffer();
  const cardPayment = cardOffer.data?.card_payment === true;
  // The total the customer confirmed after a 409 (the server's, sent back as the total seen).
  const confirmedTotal = useRef<number | null>(null);
  const order = usePlaceOrder<CheckoutFormValues, CheckoutAnswer>({
    basket: cart.data ? cartLines(cart.data) : null,
    send: (values, idempotencyKey) => {
      const body = toCheckoutBody(values, cart.data!, !isLoggedIn);
      if (confirmedTotal.current != null) body.total_amount = confirmedTotal.current;
      return checkout.mutateAsync({ body: body as never, idempotencyKey });
    },
    onConflict: (error) => {
      const answer = error.body as { totals?: Cart['summary']; cart?: Cart };
      if (answer.cart) qc.setQueryData(cartKeys.cart, { ...answer.cart, offline: false });
      else void qc.invalidateQueries({ queryKey: cartKeys.cart });
      setConflict(answer.totals?.total ?? answer.cart?.summary.total ?? null);
    },
  });

  const schema = useMemo(
    () => makeCheckoutSchema({ guest: !isLoggedIn, closedDates: closed.data?.dates ?? [], cardPayment }),
    [isLoggedIn, closed.data?.dates, cardPayment],
  );
  const country = t('checkout.countryDefault');
  const form = useShopForm(schema as unknown as z.ZodType<CheckoutFormValues, CheckoutFormValues>, {
    mode: 'onTouched',
    defaultValues: {
      ...defaultDetails(country, { name: user?.name, phone: user?.phone, street: user?.address }),
      billing_enabled: false,
      billing_address: emptyAddress(country),
      order_notes: '',
      accept_terms: false,
    },
    save: order.save,
    failed: order.failed,
    rename: DETAIL_RENAMES,
    invalid: t('checkout.fixErrors'),
  });

  if (order.placed) return <OrderPlaced {...placedProps(order.placed)} signedIn={isLoggedIn} />;
  const data = cart.data;
  return (
    <div className="container-shop py-8 sm:py-12">
      <h1 className="mb-6 font-display text-3xl text-ink sm:text-4xl">{t('checkout.title')}</h1>
      {!data || data.offline || data.items.length === 0 ? (
        <CartNotReady cart={cart} />
      ) : (
        <FormProvider {...form}>
          <ShopForm form={form} message={<></>} className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="min-w-0 space-y-6">
              <CheckoutContact guest={!isLoggedIn} />
              <FormSection title={t('checkout.deliveryAddress')} id="checkout-delivery">
                <DeliveryWhere city={<DeliveryCitySelect summary={data.summary} />} />
                <RecipientFields />
              </FormSection>
              <FormSection title={t('checkout.delivery')}>
                <DeliveryDateField />
                <DeliverySlotField zoneId={data.summary.delivery_city?.id ?? null} />
                <SubstitutionField />
                <TextAreaField
                  className="sm:col-span-2"
                  label={t('checkout.orderNotes')}
                  maxLength={1000}
                  error={form.errorText('order_notes')}
                  {...form.register('order_notes')}
                />
              </FormSection>
              <FormSection title={t('checkout.billing')}>
                <CheckBox label={t('checkout.billingDifferent')} {...form.register('billing_enabled')} />
                {form.watch('billing_enabled') && <BillingAddressFields />}
              </FormSection>
              <PaymentSection total={totalsFor(form.watch('delivery_method'), data.summary).total} />
            </div>
            <CheckoutSummary cart={data} form={form} />
          </ShopForm>
        </FormProvider>
      )}
      <PriceChangedModal
        total={conflict}
        busy={form.saving}
        onClose={() => setConflict(null)}
        onConfirm={() => {
          confirmedTotal.current = conflict;
          setConflict(null);
          void form.submit();
        }}
      />
    </div>
  );
}
