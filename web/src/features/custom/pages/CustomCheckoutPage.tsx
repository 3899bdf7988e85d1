import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toLocale } from '@shared/constants';
import { deliveryDateProblem } from '@shared/delivery-date';
import type { CustomBouquetBody, CustomQuoteBody } from '@shared/schemas/custom-bouquet';
import { translateValidation } from '@shared/validation';
import { Button, ButtonLink, ErrorState, Price, Skeleton, cn } from '@web/components/ui';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { Field, FormMessage, TextAreaField } from '@web/components/ui/form-fields';
import { loginPath, useSession } from '@web/lib/session';
import { useClosedDates, useDeliveryZones } from '@web/features/cart/api';
import { useZoneFee } from '@web/features/cart/components/DeliveryCity';
import { Modal } from '@web/components/ui/Modal';
import { customKeys, useCreateCustomOrder, useCustomQuote } from '../api';
import { loadSelection, stemCount } from '../selection';

const ADDRESS_FIELDS = ['full_name', 'street', 'city', 'postal_code', 'phone', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
type Values = Record<AddressField, string> & {
  delivery_zone_id: string;
  delivery_date: string;
  gift_message: string;
  custom_instructions: string;
  recipient_on: boolean;
  recipient_name: string;
  recipient_phone: string;
  substitution: 'similar' | 'call_first';
  payment_method: 'cash_on_delivery' | 'card_payment';
};
type Errors = Partial<Record<string, string>>;

const selectClasses =
  'block w-full rounded-xl border bg-surface px-4 py-3 text-base text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary';

/** Checkout of the custom bouquet selection (login required); the same order transaction as /checkout. */
export default function CustomCheckoutPage() {
  const { t, i18n } = useTranslation('custom');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  useDocumentTitle(t('checkout.title'));
  const navigate = useNavigate();
  const { user, isLoggedIn } = useSession();
  const zones = useDeliveryZones();
  const closed = useClosedDates();
  const zoneFee = useZoneFee();
  const order = useCreateCustomOrder();
  const queryClient = useQueryClient();
  const [lines] = useState(() => loadSelection());
  const [values, setValues] = useState<Values>(() => ({
    full_name: user?.name ?? '',
    street: '',
    city: '',
    postal_code: '',
    phone: user?.phone ?? '',
    country: t('checkout.countryDefault'),
    delivery_zone_id: '',
    delivery_date: '',
    gift_message: '',
    custom_instructions: '',
    recipient_on: false,
    recipient_name: '',
    recipient_phone: '',
    substitution: 'similar',
    payment_method: 'cash_on_delivery',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [serverTotals, setServerTotals] = useState<{ subtotal: number; shipping: number; total: number } | null>(null);
  const [placed, setPlaced] = useState<{ id: number; message: string } | null>(null);
  const [loginOpen, setLoginOpen] = useState(!isLoggedIn);
  const formId = useId();

  useEffect(() => setLoginOpen(!isLoggedIn), [isLoggedIn]);
  useEffect(() => {
    if (!placed) return;
    const timer = window.setTimeout(() => navigate('/'), 2000);
    return () => window.clearTimeout(timer);
  }, [placed, navigate]);

  const zone = zones.data?.find((z) => String(z.id) === values.delivery_zone_id) ?? null;
  // The totals shown and sent are the server's (the checkout's own pricing), refetched when the zone or
  // the lines change; after a 409 the fresh totals of that answer are shown until the zone changes.
  const quoteBody = useMemo<CustomQuoteBody>(
    () => ({
      flowers: lines.map((l) => ({ product_id: l.product_id, color_id: l.selectedColor?.id ?? null, quantity: l.quantity })),
      delivery_zone_id: values.delivery_zone_id ? Number(values.delivery_zone_id) : null,
    }),
    [lines, values.delivery_zone_id],
  );
  const quote = useCustomQuote(quoteBody, locale);
  const quoteKey = customKeys.quote(quoteBody, locale);
  const quoteReady = quote.isSuccess && !quote.isPlaceholderData;
  const totals = serverTotals ?? (quoteReady ? quote.data.summary : null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    if (key === 'delivery_zone_id') setServerTotals(null);
  };

  const validate = (): Errors => {
    const found: Errors = {};
    for (const f of ADDRESS_FIELDS) if (!values[f].trim()) found[f] = translateValidation('v:required', locale);
    if (!values.delivery_zone_id) found.delivery_zone_id = t('checkout.selectCity');
    if (values.delivery_date) {
      const problem = deliveryDateProblem(values.delivery_date, new Date(), closed.data?.dates ?? []);
      if (problem) found.delivery_date = t(`checkout.date.${problem}`);
    }
    if (values.recipient_on && !values.recipient_name.trim()) found.recipient_name = translateValidation('v:required', locale);
    if (values.payment_method === 'card_payment') found.payment_method = t('checkout.cardSoon');
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    if (!isLoggedIn) {
      setLoginOpen(true);
      return;
    }
    if (lines.length === 0 || !totals) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const missing = ADDRESS_FIELDS.some((f) => found[f]);
      setBanner(missing ? t('checkout.fillRequired') : Object.values(found).filter(Boolean).join(' '));
      return;
    }
    const body: CustomBouquetBody = {
      address: {
        full_name: values.full_name.trim(),
        street: values.street.trim(),
        city: values.city.trim(),
        postal_code: values.postal_code.trim(),
        country: values.country.trim(),
        phone: values.phone.trim(),
      },
      flowers: lines.map((l) => ({ product_id: l.product_id, color_id: l.selectedColor?.id ?? null, quantity: l.quantity })),
      payment_method: values.payment_method,
      gift_message: values.gift_message.trim() || null,
      delivery_date: values.delivery_date || null,
      delivery_zone_id: Number(values.delivery_zone_id),
      custom_instructions: values.custom_instructions.trim() || null,
      recipient: values.recipient_on
        ? { name: values.recipient_name.trim(), phone: values.recipient_phone.trim() || null, anonymous: false }
        : null,
      substitution: values.substitution,
      total_amount: totals.total,
      shipping_cost: totals.shipping,
    };
    try {
      const answer = await order.mutateAsync({ body, idempotencyKey: crypto.randomUUID() });
      setPlaced({ id: answer.order.id, message: answer.message });
    } catch (error) {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) {
        setBanner(t('checkout.failed'));
        return;
      }
      if (error.status === 401) {
        setLoginOpen(true);
        return;
      }
      if (error.status === 422 && Object.keys(error.errors).length > 0) {
        const inline: Errors = {};
        for (const [field, messages] of Object.entries(error.errors)) inline[field.replace(/^address\./, '')] = messages[0];
        setErrors(inline);
        setBanner(error.allMessages().join(' '));
        return;
      }
      const fresh = (error.body as { totals?: { subtotal: number; shipping: number; total: number } } | undefined)?.totals;
      if (error.status === 409 && fresh) {
        setServerTotals({ subtotal: fresh.subtotal, shipping: fresh.shipping, total: fresh.total });
        void queryClient.invalidateQueries({ queryKey: quoteKey });
      }
      setBanner(t('checkout.orderFailed', { message: error.message }));
    }
  };

  if (placed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-success" />
        <h1 className="mt-4 font-display text-3xl text-ink">{t('checkout.successTitle')}</h1>
        <p className="mt-3 text-muted">{placed.message}</p>
        <p className="mt-2 text-ink" data-testid="order-number">
          {t('checkout.orderNumber', { id: placed.id })}
        </p>
        <p className="mt-4 text-sm text-muted">{t('checkout.redirecting')}</p>
      </div>
    );
  }

  const err = (name: string) => errors[name];
  const count = stemCount(lines);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('checkout.title')}</h1>

      <Modal open={loginOpen} onClose={() => setLoginOpen(false)} title={t('checkout.loginTitle')} closeLabel={t('checkout.close')}>
        <p role="alert" className="text-ink">
          {t('checkout.loginRequired')}
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <ButtonLink to={loginPath('/custom-checkout')}>{t('checkout.login')}</ButtonLink>
          <ButtonLink to="/customize" variant="secondary">
            {t('checkout.back')}
          </ButtonLink>
        </div>
      </Modal>

      {lines.length === 0 ? (
        <div className="mt-8 rounded-card border border-line bg-surface p-8 text-center">
          <p className="text-muted">{t('checkout.empty')}</p>
          <ButtonLink to="/customize" className="mt-4">
            {t('checkout.compose')}
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-8" aria-label={t('checkout.formLabel')}>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-3 font-display text-xl text-ink">{t('checkout.address')}</legend>
              <Field label={t('checkout.fullName')} required autoComplete="name" value={values.full_name} onChange={(e) => set('full_name', e.target.value)} error={err('full_name')} className="sm:col-span-2" />
              <Field label={t('checkout.street')} required autoComplete="street-address" value={values.street} onChange={(e) => set('street', e.target.value)} error={err('street')} className="sm:col-span-2" />
              <Field label={t('checkout.city')} required autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} error={err('city')} />
              <Field label={t('checkout.postalCode')} required autoComplete="postal-code" value={values.postal_code} onChange={(e) => set('postal_code', e.target.value)} error={err('postal_code')} />
              <Field label={t('checkout.phone')} required type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} error={err('phone')} />
              <Field label={t('checkout.country')} required autoComplete="country-name" value={values.country} onChange={(e) => set('country', e.target.value)} error={err('country')} className="sm:col-span-2" />
            </fieldset>

            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-3 font-display text-xl text-ink">{t('checkout.delivery')}</legend>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${formId}-zone`} className="text-sm font-medium text-ink">
                  {t('checkout.deliveryCity')}
                  <span aria-hidden="true" className="ms-0.5 text-rose">
                    *
                  </span>
                </label>
                <select
                  id={`${formId}-zone`}
                  value={values.delivery_zone_id}
                  onChange={(e) => set('delivery_zone_id', e.target.value)}
                  aria-invalid={err('delivery_zone_id') ? true : undefined}
                  aria-describedby={err('delivery_zone_id') ? `${formId}-zone-error` : undefined}
                  aria-required
                  className={cn(selectClasses, err('delivery_zone_id') ? 'border-danger' : 'border-line')}
                >
                  <option value="">{t('checkout.selectCity')}</option>
                  {(zones.data ?? []).map((z) => (
                    <option key={z.id} value={z.id}>
                      {`${z.name} — ${zoneFee(z)}`}
                    </option>
                  ))}
                </select>
                {err('delivery_zone_id') && (
                  <p id={`${formId}-zone-error`} className="text-sm text-danger">
                    {err('delivery_zone_id')}
                  </p>
                )}
                {zone?.free_threshold != null && <p className="text-xs text-muted">{t('checkout.freeFrom', { amount: zone.free_threshold.toFixed(2) })}</p>}
              </div>
              <Field
                label={t('checkout.deliveryDate')}
                type="date"
                min={closed.data?.earliest}
                max={closed.data?.latest}
                value={values.delivery_date}
                onChange={(e) => set('delivery_date', e.target.value)}
                error={err('delivery_date')}
                hint={t('checkout.dateHint')}
              />
              <TextAreaField label={t('checkout.giftMessage')} value={values.gift_message} onChange={(e) => set('gift_message', e.target.value)} maxLength={500} error={err('gift_message')} className="sm:col-span-2" />
              <TextAreaField
                label={t('checkout.instructions')}
                value={values.custom_instructions}
                onChange={(e) => set('custom_instructions', e.target.value)}
                maxLength={1000}
                placeholder={t('checkout.instructionsPlaceholder')}
                hint={t('checkout.instructionsHint')}
                error={err('custom_instructions')}
                className="sm:col-span-2"
              />
              <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
                <input type="checkbox" className="size-4 accent-primary" checked={values.recipient_on} onChange={(e) => set('recipient_on', e.target.checked)} />
                {t('checkout.recipientToggle')}
              </label>
              {values.recipient_on && (
                <>
                  <Field label={t('checkout.recipientName')} required value={values.recipient_name} onChange={(e) => set('recipient_name', e.target.value)} error={err('recipient_name') ?? err('recipient.name')} />
                  <Field label={t('checkout.recipientPhone')} type="tel" value={values.recipient_phone} onChange={(e) => set('recipient_phone', e.target.value)} />
                </>
              )}
              <fieldset className="sm:col-span-2">
                <legend className="text-sm font-medium text-ink">{t('checkout.substitution')}</legend>
                <div className="mt-2 flex flex-col gap-2">
                  {(['similar', 'call_first'] as const).map((s) => (
                    <label key={s} className="flex items-center gap-2 text-sm text-ink">
                      <input type="radio" name="substitution" className="size-4 accent-primary" checked={values.substitution === s} onChange={() => set('substitution', s)} />
                      {t(`checkout.substitutionOptions.${s}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </fieldset>

            <fieldset>
              <legend className="mb-3 font-display text-xl text-ink">{t('checkout.payment')}</legend>
              <div className="flex flex-col gap-2">
                <label className="flex items-center gap-2 rounded-xl border border-line bg-surface p-3 text-sm text-ink">
                  <input type="radio" name="payment" className="size-4 accent-primary" checked={values.payment_method === 'cash_on_delivery'} onChange={() => set('payment_method', 'cash_on_delivery')} />
                  {t('checkout.cash')}
                </label>
                <label className="flex items-center gap-2 rounded-xl border border-line bg-sand/40 p-3 text-sm text-muted">
                  <input type="radio" name="payment" className="size-4" disabled checked={false} onChange={() => set('payment_method', 'card_payment')} />
                  {t('checkout.card')}
                  <span className="ms-auto rounded-full bg-blush px-2 py-0.5 text-xs text-rose">{t('checkout.comingSoon')}</span>
                </label>
              </div>
              {err('payment_method') && <p className="mt-1 text-sm text-danger">{err('payment_method')}</p>}
            </fieldset>
          </form>

          <aside className="lg:sticky lg:top-28 lg:self-start">
            <section aria-labelledby={`${formId}-summary`} className="rounded-card border border-line bg-surface p-5">
              <h2 id={`${formId}-summary`} className="font-display text-xl text-ink">
                {t('checkout.summary')}
              </h2>
              <p className="mt-1 text-sm text-muted">{t(count === 1 ? 'checkout.stemsOne' : 'checkout.stemsMany', { count })}</p>
              <ul className="mt-3 divide-y divide-line" data-testid="custom-summary">
                {lines.map((l, i) => (
                  <li key={l.id} className="flex items-center gap-3 py-2 text-sm">
                    <span aria-hidden="true" className="size-3.5 shrink-0 rounded-full border border-black/15" style={{ backgroundColor: l.selectedColor?.hex_code ?? '#d98aa0' }} />
                    <span className="min-w-0 flex-1">
                      <span className="text-ink">{l.name}</span>
                      {l.selectedColor && <span className="text-muted">{` · ${l.selectedColor.name}`}</span>}
                      <span className="text-muted">{` × ${l.quantity}`}</span>
                      {quoteReady && quote.data.items[i] && quote.data.items[i].quantity > quote.data.items[i].stock && (
                        <span className="block text-xs text-danger">{t('checkout.onlyLeft', { count: quote.data.items[i].stock })}</span>
                      )}
                    </span>
                    {quoteReady && quote.data.items[i] ? (
                      <Price amount={quote.data.items[i].line_total} className="text-sm" />
                    ) : (
                      <Skeleton className="h-4 w-16" />
                    )}
                  </li>
                ))}
              </ul>
              {quote.isError && !serverTotals ? (
                <ErrorState
                  className="mt-3 py-6"
                  message={isApiError(quote.error) && quote.error.status === 422 ? quote.error.allMessages().join(' ') : t('checkout.quoteFailed')}
                  onRetry={() => void quote.refetch()}
                  retrying={quote.isFetching}
                />
              ) : (
                <dl className="mt-3 space-y-1.5 border-t border-line pt-3 text-sm" aria-busy={totals ? undefined : true}>
                  <div className="flex justify-between">
                    <dt className="text-muted">{t('selection.subtotal')}</dt>
                    <dd data-testid="checkout-subtotal">{totals ? <Price amount={totals.subtotal} /> : <Skeleton className="h-4 w-20" />}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt className="text-muted">{t('checkout.shipping')}</dt>
                    <dd data-testid="checkout-shipping">
                      {!zone ? (
                        <span className="text-muted">{t('checkout.selectCity')}</span>
                      ) : !totals ? (
                        <Skeleton className="h-4 w-16" />
                      ) : totals.shipping === 0 ? (
                        <span className="font-semibold text-success">{t('checkout.free')}</span>
                      ) : (
                        <Price amount={totals.shipping} />
                      )}
                    </dd>
                  </div>
                  <div className="flex justify-between">
                    <dt className="text-muted">{t('checkout.tax')}</dt>
                    <dd className="text-muted">{t('checkout.taxIncluded')}</dd>
                  </div>
                  <div className="flex justify-between border-t border-line pt-2 text-base">
                    <dt className="font-semibold text-ink">{t('selection.total')}</dt>
                    <dd data-testid="checkout-total">{totals ? <Price amount={totals.total} /> : <Skeleton className="h-5 w-24" />}</dd>
                  </div>
                </dl>
              )}
              {banner && (
                <FormMessage tone="error" className="mt-4">
                  {banner}
                </FormMessage>
              )}
              <Button type="submit" form={formId} className="mt-4 w-full" disabled={lines.length === 0 || order.isPending || !totals}>
                {order.isPending ? t('checkout.placing') : t('checkout.place')}
              </Button>
              <Link to="/customize" className="mt-3 block text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t('checkout.edit')}
              </Link>
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
