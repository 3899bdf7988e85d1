/**
 * /checkout: billing (and optional shipping) address, guest details, recipient, delivery city and
 * date, substitution, gift message, notes, payment (cash on delivery; card shown disabled), terms.
 * idle -> submitting -> success: the cart, wishlist and customized flags are cleared, the order number
 * shown, then home after 2 s. A 409 shows the server's fresh total for the customer to confirm.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import { translateValidation } from '@shared/validation';
import { Button, ButtonLink, ErrorState, cn } from '@web/components/ui';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { useSession } from '@web/lib/session';
import { wishlist } from '@web/features/wishlist/store';
import { ApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { cartKeys, conflictTotals, useCart, useCheckout, useClosedDates, type Cart } from '../api';
import { CartSummaryPanel } from '../components/CartSummaryPanel';
import { DeliveryCitySelect } from '../components/DeliveryCity';
import { Modal } from '@web/components/ui/Modal';
import { makeCheckoutSchema, toCheckoutBody, type CheckoutFormValues } from '../checkout-form';
import { CartSkeleton } from './CartPage';

export const SUCCESS_REDIRECT_MS = 2000;

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <fieldset id={id} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <legend className="float-start mb-4 w-full font-display text-xl text-ink">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Check({ label, error, ...input }: React.ComponentProps<'input'> & { label: ReactNode; error?: string }) {
  return (
    <div className="sm:col-span-2">
      <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

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
  const idempotencyKey = useRef<string | null>(null);
  const [placed, setPlaced] = useState<{ id: number } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ total: number; values: CheckoutFormValues } | null>(null);

  const schema = useMemo(
    () => makeCheckoutSchema({ guest: !isLoggedIn, closedDates: closed.data?.dates ?? [] }),
    [isLoggedIn, closed.data?.dates],
  );
  const emptyAddress = { full_name: '', street: '', city: '', postal_code: '', country: t('checkout.countryDefault'), phone: '' };
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onTouched',
    defaultValues: {
      address: { ...emptyAddress, full_name: user?.name ?? '', phone: user?.phone ?? '', street: user?.address ?? '' },
      ship_different: false,
      shipping_address: emptyAddress,
      customer: { name: '', email: '', phone: '' },
      recipient_enabled: false,
      recipient: { name: '', phone: '', anonymous: false },
      substitution: 'similar',
      delivery_date: '',
      gift_message: '',
      order_notes: '',
      payment_method: 'cash_on_delivery',
      accept_terms: false,
    },
  });
  const { register, handleSubmit, watch, formState, setError } = form;
  const errors = formState.errors;
  const text = (message: string | undefined) =>
    !message ? undefined : message.startsWith('orders:') ? t(message) : translateValidation(message, locale);
  const err = (path: string) => {
    const parts = path.split('.');
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return text((node as { message?: string } | undefined)?.message);
  };

  useEffect(() => {
    if (!placed) return;
    const timer = setTimeout(() => void navigate('/'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  const submit = async (values: CheckoutFormValues, data: Cart, confirmedTotal?: number) => {
    setFormError(null);
    idempotencyKey.current ??= crypto.randomUUID();
    const body = toCheckoutBody(values, data, !isLoggedIn);
    if (confirmedTotal != null) body.total_amount = confirmedTotal;
    try {
      const answer = await checkout.mutateAsync({ body: body as never, idempotencyKey: idempotencyKey.current });
      wishlist.clear();
      setPlaced({ id: answer.order.id });
    } catch (error) {
      const fresh = conflictTotals(error);
      if (fresh) {
        // The server's prices won: show them, let the customer confirm; a new attempt gets a new key.
        idempotencyKey.current = null;
        const body409 = (error as ApiError).body as { cart?: Cart };
        if (body409.cart) qc.setQueryData(cartKeys.cart, { ...body409.cart, offline: false });
        else void qc.invalidateQueries({ queryKey: cartKeys.cart });
        setConflict({ total: fresh.total, values });
        return;
      }
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        idempotencyKey.current = null;
        let placedOnField = false;
        for (const [field, messages] of Object.entries(error.errors)) {
          const message = messages[0];
          if (!message) continue;
          if (field === 'delivery_zone_id' || field === 'items' || !(field.split('.')[0]! in values)) {
            setFormError(message);
            continue;
          }
          setError(field as FieldPath<CheckoutFormValues>, { message }, { shouldFocus: !placedOnField });
          placedOnField = true;
        }
        if (placedOnField) setFormError((m) => m ?? t('checkout.fixErrors'));
        return;
      }
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408) {
        idempotencyKey.current = null;
        setFormError(error.message || t('checkout.failed'));
        return;
      }
      // Network or server failure: keep the key so a retry cannot create a second order.
      setFormError(error instanceof ApiError && (error.status === 0 || error.status === 408) ? t('cart:generic.network') : t('checkout.failed'));
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
  const recipientEnabled = watch('recipient_enabled');

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
        <form
          noValidate
          onSubmit={(e) => void handleSubmit((values) => submit(values, data), () => setFormError(t('checkout.fixErrors')))(e)}
          className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]"
        >
          <div className="space-y-6">
            {!isLoggedIn && (
              <Section title={t('checkout.contact')}>
                <p className="text-sm text-muted sm:col-span-2">
                  {t('checkout.contactHint')}{' '}
                  <Link to="/login?redirect=/checkout" className="text-primary underline">
                    {t('checkout.loginInstead')}
                  </Link>
                </p>
                <Field label={t('checkout.name')} required autoComplete="name" error={err('customer.name')} {...register('customer.name')} />
                <Field label={t('checkout.email')} required type="email" autoComplete="email" error={err('customer.email')} {...register('customer.email')} />
                <Field label={t('checkout.phone')} required type="tel" autoComplete="tel" error={err('customer.phone')} {...register('customer.phone')} />
              </Section>
            )}
            <Section title={t('checkout.billing')}>
              <AddressFields prefix="address" register={register} err={err} />
              <Check label={t('checkout.shipDifferent')} {...register('ship_different')} />
            </Section>
            {shipDifferent && (
              <Section title={t('checkout.shipping')}>
                <AddressFields prefix="shipping_address" register={register} err={err} />
              </Section>
            )}
            <Section title={t('checkout.recipient')}>
              <Check label={t('checkout.recipientToggle')} {...register('recipient_enabled')} />
              {recipientEnabled && (
                <>
                  <Field label={t('checkout.recipientName')} required error={err('recipient.name')} {...register('recipient.name')} />
                  <Field label={t('checkout.recipientPhone')} type="tel" error={err('recipient.phone')} {...register('recipient.phone')} />
                  <Check label={t('checkout.anonymous')} {...register('recipient.anonymous')} />
                </>
              )}
              <TextAreaField
                className="sm:col-span-2"
                label={t('checkout.giftMessage')}
                hint={t('checkout.giftHint')}
                maxLength={500}
                error={err('gift_message')}
                {...register('gift_message')}
              />
            </Section>
            <Section title={t('checkout.delivery')} id="checkout-delivery">
              <div className="sm:col-span-2">
                <DeliveryCitySelect summary={data.summary} />
              </div>
              <div className="sm:col-span-2">
                <Field
                  label={t('checkout.deliveryDate')}
                  type="date"
                  min={closed.data?.earliest}
                  max={closed.data?.latest}
                  error={err('delivery_date')}
                  hint={
                    <>
                      {t('checkout.deliveryDateHint')}
                      {closed.data && !watch('delivery_date') && (
                        <> {t('checkout.expected', { date: new Intl.DateTimeFormat(locale === 'ar' ? 'ar-MA' : `${locale}-MA`, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${closed.data.expected_without_date}T00:00:00Z`)) })}</>
                      )}
                      {closed.data && closed.data.dates.length > 0 && <> {t('checkout.closedDates', { dates: closed.data.dates.slice(0, 6).join(', ') })}</>}
                    </>
                  }
                  {...register('delivery_date')}
                />
              </div>
              <fieldset className="sm:col-span-2">
                <legend className="mb-2 text-sm font-medium text-ink">{t('checkout.substitution')}</legend>
                <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
                  {(['similar', 'call_first'] as const).map((value) => (
                    <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
                      <input type="radio" value={value} className="size-5 accent-primary" {...register('substitution')} />
                      {value === 'similar' ? t('checkout.substitutionSimilar') : t('checkout.substitutionCallFirst')}
                    </label>
                  ))}
                </div>
              </fieldset>
              <TextAreaField className="sm:col-span-2" label={t('checkout.orderNotes')} maxLength={1000} error={err('order_notes')} {...register('order_notes')} />
            </Section>
            <Section title={t('checkout.payment')}>
              <div className="space-y-3 sm:col-span-2" role="radiogroup" aria-label={t('checkout.payment')}>
                <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-primary bg-primary-soft/50 p-4">
                  <input type="radio" value="cash_on_delivery" className="mt-0.5 size-5 accent-primary" {...register('payment_method')} />
                  <span>
                    <span className="block font-medium text-ink">{t('checkout.cod')}</span>
                    <span className="block text-sm text-muted">{t('checkout.codHint')}</span>
                  </span>
                </label>
                <label className="flex cursor-not-allowed items-start gap-3 rounded-xl border border-line p-4 opacity-70">
                  <input type="radio" value="card_payment" disabled className="mt-0.5 size-5" {...register('payment_method')} />
                  <span>
                    <span className="block font-medium text-ink">{t('checkout.card')}</span>
                    <span className="mt-1 inline-block rounded-full bg-sand px-2 py-0.5 text-xs text-muted">{t('checkout.cardSoon')}</span>
                  </span>
                </label>
                {err('payment_method') && <p className="text-sm text-danger">{err('payment_method')}</p>}
              </div>
            </Section>
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
                <Check
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

function AddressFields({
  prefix,
  register,
  err,
}: {
  prefix: 'address' | 'shipping_address';
  register: ReturnType<typeof useForm<CheckoutFormValues>>['register'];
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation(['orders', 'cart']);
  const ac = prefix === 'address' ? 'billing' : 'shipping';
  return (
    <>
      <Field className="sm:col-span-2" label={t('checkout.fullName')} required autoComplete={`${ac} name`} error={err(`${prefix}.full_name`)} {...register(`${prefix}.full_name`)} />
      <Field className="sm:col-span-2" label={t('checkout.street')} required autoComplete={`${ac} street-address`} error={err(`${prefix}.street`)} {...register(`${prefix}.street`)} />
      <Field label={t('checkout.city')} required autoComplete={`${ac} address-level2`} error={err(`${prefix}.city`)} {...register(`${prefix}.city`)} />
      <Field label={t('checkout.postalCode')} required autoComplete={`${ac} postal-code`} error={err(`${prefix}.postal_code`)} {...register(`${prefix}.postal_code`)} />
      <Field label={t('checkout.country')} required autoComplete={`${ac} country-name`} error={err(`${prefix}.country`)} {...register(`${prefix}.country`)} />
      <Field label={t('checkout.phone')} required type="tel" autoComplete={`${ac} tel`} error={err(`${prefix}.phone`)} {...register(`${prefix}.phone`)} />
    </>
  );
}
