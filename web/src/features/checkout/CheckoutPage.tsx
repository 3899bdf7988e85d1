/**
 * /checkout: billing (and optional shipping) address, guest details, recipient, delivery city and
 * date, substitution, gift message, notes, payment (cash on delivery; card shown disabled), terms.
 * idle -> submitting -> success: the cart, wishlist and customized flags are cleared, the order number
 * shown, then home after 2 s. A 409 shows the server's fresh total for the customer to confirm.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import { Button, ButtonLink, ErrorState, cn } from '@web/components/ui';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { useSession } from '@web/lib/session';
import { wishlist } from '@web/lib/wishlist/store';
import { ApiError, isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { AddressFields } from '@web/lib/order-form/AddressFields';
import { DeliveryDateField, SubstitutionField } from '@web/lib/order-form/DeliveryFields';
import { applyServerErrors, useErrorText, useShopForm } from '@web/lib/forms';
import { emptyAddress, defaultDetails } from '@web/lib/order-form/form';
import { CheckBox, FormSection } from '@web/lib/order-form/FormSection';
import { PaymentSection } from '@web/lib/order-form/PaymentSection';
import { RecipientFields } from '@web/lib/order-form/RecipientFields';
import { useIdempotencyKey } from '@web/lib/order-form/idempotency';
import { cartKeys, useCart, type Cart } from '@web/lib/cart/api';
import { useClosedDates } from '@web/lib/delivery';
import { conflictTotals, useCheckout } from './api';
import { CartSummaryPanel } from '@web/components/cart/CartSummaryPanel';
import { DeliveryCitySelect } from '@web/components/cart/DeliveryCity';
import { Modal } from '@web/components/ui/Modal';
import { cartLines, makeCheckoutSchema, toCheckoutBody, type CheckoutFormValues } from '@web/features/checkout/checkout-form';
import { CartSkeleton } from '@web/components/cart/CartSkeleton';

export const SUCCESS_REDIRECT_MS = 2000;

export default function CheckoutPage() {
  const { t, i18n } = useTranslation(['orders', 'cart']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  useDocumentTitle(t('checkout.title'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { user, isLoggedIn } = useSession();
  const cart = useCart();
  const closed = useClosedDates();
  const checkout = useCheckout();
  // One key per attempt at this cart: kept across retries (a timed-out request may have placed the
  // order), new when the cart's lines change or the order is placed.
  const idempotencyKey = useIdempotencyKey(cart.data ? cartLines(cart.data) : null);
  const [placed, setPlaced] = useState<{ id: number } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ total: number; values: CheckoutFormValues } | null>(null);

  const schema = useMemo(
    () => makeCheckoutSchema({ guest: !isLoggedIn, closedDates: closed.data?.dates ?? [] }),
    [isLoggedIn, closed.data?.dates],
  );
  const country = t('checkout.countryDefault');
  const form = useShopForm(schema as unknown as z.ZodType<CheckoutFormValues, CheckoutFormValues>, {
    mode: 'onTouched',
    defaultValues: {
      ...defaultDetails(emptyAddress(country, { full_name: user?.name ?? '', phone: user?.phone ?? '', street: user?.address ?? '' })),
      ship_different: false,
      shipping_address: emptyAddress(country),
      customer: { name: '', email: '', phone: '' },
      order_notes: '',
      accept_terms: false,
    },
  });
  const { register, handleSubmit, watch, formState } = form;
  const err = useErrorText(formState.errors);

  useEffect(() => {
    if (!placed) return;
    const timer = setTimeout(() => void navigate('/'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  const submit = async (values: CheckoutFormValues, data: Cart, confirmedTotal?: number) => {
    setFormError(null);
    const body = toCheckoutBody(values, data, !isLoggedIn);
    if (confirmedTotal != null) body.total_amount = confirmedTotal;
    try {
      const answer = await checkout.mutateAsync({ body: body as never, idempotencyKey: idempotencyKey.current() });
      idempotencyKey.placed();
      wishlist.clear();
      setPlaced({ id: answer.order.id });
    } catch (error) {
      const fresh = conflictTotals(error);
      if (fresh) {
        // The server's prices won: show them, let the customer confirm (a changed cart is another basket, so another key).
        const body409 = (error as ApiError).body as { cart?: Cart };
        if (body409.cart) qc.setQueryData(cartKeys.cart, { ...body409.cart, offline: false });
        else void qc.invalidateQueries({ queryKey: cartKeys.cart });
        setConflict({ total: fresh.total, values });
        return;
      }
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        const { onFields, elsewhere } = applyServerErrors(error, form);
        // What no field shows (the city, the lines) goes above the button.
        setFormError(elsewhere.length > 0 ? elsewhere.join(' ') : onFields ? t('checkout.fixErrors') : error.message);
        return;
      }
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408) {
        setFormError(error.message || t('checkout.failed'));
        return;
      }
      // Network or server failure: the key is kept, so a retry cannot create a second order.
      setFormError(isApiError(error) && (error.isNetworkError || error.isTimeout) ? t('cart:generic.network') : t('checkout.failed'));
    }
  };

  if (placed) {
    return (
      <div className="container-shop py-16">
        <div role="status" className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-12 text-center">
          <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
          <h1 className="font-display text-3xl text-ink">{t('checkout.successTitle')}</h1>
          <p className="text-ink" data-testid="order-number">
            {t('checkout.successText', { id: placed.id })}
          </p>
          <p className="text-sm text-muted">{t('checkout.redirecting')}</p>
        </div>
      </div>
    );
  }

  const data = cart.data;
  const shipDifferent = watch('ship_different');

  return (
    <div className="container-shop py-8 sm:py-12">
      <h1 className="mb-6 font-display text-3xl text-ink sm:text-4xl">{t('checkout.title')}</h1>
      {cart.isPending ? (
        <CartSkeleton />
      ) : cart.isError || !data ? (
        <ErrorState message={t('cart:cart.loadFailed')} onRetry={() => void cart.refetch()} />
      ) : data.offline ? (
        <ErrorState message={t('checkout.offline')} onRetry={() => void cart.refetch()} retrying={cart.isFetching} />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-12 text-center">
          <p className="text-muted">{t('checkout.emptyCart')}</p>
          <ButtonLink to="/category/1">{t('cart:cart.browse')}</ButtonLink>
        </div>
      ) : (
        <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(e) => void handleSubmit((values) => submit(values, data), () => setFormError(t('checkout.fixErrors')))(e)}
          className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]"
        >
          <div className="space-y-6">
            {!isLoggedIn && (
              <FormSection title={t('checkout.contact')}>
                <p className="text-sm text-muted sm:col-span-2">
                  {t('checkout.contactHint')}{' '}
                  <Link to="/login?redirect=/checkout" className="text-primary underline">
                    {t('checkout.loginInstead')}
                  </Link>
                </p>
                <Field label={t('checkout.name')} required autoComplete="name" error={err('customer.name')} {...register('customer.name')} />
                <Field label={t('checkout.email')} required type="email" autoComplete="email" error={err('customer.email')} {...register('customer.email')} />
                <Field label={t('checkout.phone')} required type="tel" autoComplete="tel" error={err('customer.phone')} {...register('customer.phone')} />
              </FormSection>
            )}
            <FormSection title={t('checkout.billing')}>
              <AddressFields />
              <CheckBox label={t('checkout.shipDifferent')} {...register('ship_different')} />
            </FormSection>
            {shipDifferent && (
              <FormSection title={t('checkout.shipping')}>
                <AddressFields prefix="shipping_address" />
              </FormSection>
            )}
            <FormSection title={t('checkout.recipient')}>
              <RecipientFields />
            </FormSection>
            <FormSection title={t('checkout.delivery')} id="checkout-delivery">
              <div className="sm:col-span-2">
                <DeliveryCitySelect summary={data.summary} />
              </div>
              <DeliveryDateField />
              <SubstitutionField />
              <TextAreaField className="sm:col-span-2" label={t('checkout.orderNotes')} maxLength={1000} error={err('order_notes')} {...register('order_notes')} />
            </FormSection>
            <PaymentSection />
          </div>

          <div className="space-y-4 lg:sticky lg:top-24">
            <CartSummaryPanel summary={data.summary}>
              <ul className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
                {data.items.map((item) => (
                  <li key={item.id} className="flex justify-between gap-3">
                    <span className="min-w-0">
                      {item.name}
                      {item.color && <span className="text-muted"> ({item.color.name})</span>} × {item.quantity}
                    </span>
                    <bdi className="shrink-0 tabular-nums">{formatMAD(item.line_total, locale)}</bdi>
                  </li>
                ))}
              </ul>
              <div className="mt-5">
                <CheckBox
                  label={
                    <Trans
                      t={t}
                      i18nKey="checkout.terms"
                      components={{
                        terms: <Link to="/terms" target="_blank" className="text-primary underline" />,
                        privacy: <Link to="/privacy" target="_blank" className="text-primary underline" />,
                      }}
                    />
                  }
                  error={err('accept_terms')}
                  {...register('accept_terms')}
                />
              </div>
              {formError && (
                <p role="alert" className="mt-4 rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
                  {formError}
                </p>
              )}
              {!data.summary.delivery_city && <p className="mt-3 text-sm text-danger">{t('cart:delivery.selectFirst')}</p>}
              <Button type="submit" size="lg" className="mt-4 w-full" disabled={checkout.isPending || !data.summary.delivery_city}>
                {checkout.isPending ? t('checkout.placing') : t('checkout.place')}
              </Button>
              <ButtonLink to="/cart" variant="ghost" className="mt-2 w-full">
                {t('checkout.backToCart')}
              </ButtonLink>
            </CartSummaryPanel>
          </div>
        </form>
        </FormProvider>
      )}
      <Modal open={conflict !== null} onClose={() => setConflict(null)} title={t('checkout.priceChanged')} closeLabel={t('cart:delivery.close')}>
        {conflict && (
          <>
            <p className="mb-5 text-ink">{t('checkout.priceChangedText', { total: formatMAD(conflict.total, locale) })}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                className={cn('flex-1')}
                disabled={checkout.isPending}
                onClick={() => {
                  const { values, total } = conflict;
                  setConflict(null);
                  const fresh = qc.getQueryData<Cart>(cartKeys.cart) ?? data;
                  if (fresh) void submit(values, fresh, total);
                }}
              >
                {t('checkout.confirmNewTotal')}
              </Button>
              <ButtonLink to="/cart" variant="secondary" className="flex-1">
                {t('checkout.backToCart')}
              </ButtonLink>
            </div>
          </>
        )}
      </Modal>
    </div>
  );
}
