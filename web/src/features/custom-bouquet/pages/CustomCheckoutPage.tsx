/**
 * /custom-checkout: the custom bouquet selection ordered (login required), with the same form sections
 * as /checkout (lib/order-form) and the same order service on the server. The totals shown and sent
 * are the server's quote. A retry after a failure keeps the idempotency key, so a request that timed
 * out but placed the order is answered with that order instead of placing a second one.
 */
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useFormContext, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toLocale } from '@shared/constants';
import type { CustomQuoteBody } from '@shared/schemas/custom-bouquet';
import { Button, ButtonLink, ErrorState, Price, Skeleton, cn } from '@web/components/ui';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { describedBy, FieldLabel, FieldNotes, FormMessage, TextAreaField } from '@web/components/ui/form-fields';
import { loginPath, useSession } from '@web/lib/session';
import { useClosedDates, useDeliveryZones } from '@web/lib/delivery';
import { useZoneFee } from '@web/components/cart/DeliveryCity';
import { AddressFields } from '@web/lib/order-form/AddressFields';
import { DeliveryDateField, SubstitutionField } from '@web/lib/order-form/DeliveryFields';
import { applyServerErrors, useErrorText, useShopForm } from '@web/lib/forms';
import { defaultDetails, emptyAddress } from '@web/lib/order-form/form';
import { FormSection } from '@web/lib/order-form/FormSection';
import { PaymentSection } from '@web/lib/order-form/PaymentSection';
import { RecipientFields } from '@web/lib/order-form/RecipientFields';
import { useIdempotencyKey } from '@web/lib/order-form/idempotency';
import { Modal } from '@web/components/ui/Modal';
import { customKeys, useCreateCustomOrder, useCustomQuote } from '../api';
import { CUSTOM_CHECKOUT_FIELDS, makeCustomCheckoutSchema, toCustomBouquetBody, type CustomCheckoutValues } from '../custom-checkout-form';
import { loadSelection, stemCount } from '../selection';

type Totals = { subtotal: number; shipping: number; total: number };

const selectClasses =
  'block w-full rounded-xl border bg-surface px-4 py-3 text-base text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary';

export default function CustomCheckoutPage() {
  const { t, i18n } = useTranslation('custom-bouquet');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  useDocumentTitle(t('checkout.title'));
  const navigate = useNavigate();
  const { user, isLoggedIn } = useSession();
  const zones = useDeliveryZones();
  const closed = useClosedDates();
  const order = useCreateCustomOrder();
  const queryClient = useQueryClient();
  const [lines] = useState(() => loadSelection());
  const flowers = useMemo(() => lines.map((l) => ({ product_id: l.product_id, color_id: l.selectedColor?.id ?? null, quantity: l.quantity })), [lines]);
  // The same key for every retry of these stems, a new one once the order is placed.
  const idempotencyKey = useIdempotencyKey(flowers);
  const schema = useMemo(() => makeCustomCheckoutSchema({ closedDates: closed.data?.dates ?? [] }), [closed.data?.dates]);
  const form = useShopForm(schema as unknown as z.ZodType<CustomCheckoutValues, CustomCheckoutValues>, {
    mode: 'onTouched',
    defaultValues: {
      ...defaultDetails(emptyAddress(t('checkout.countryDefault'), { full_name: user?.name ?? '', phone: user?.phone ?? '', street: user?.address ?? '' })),
      delivery_zone_id: '',
      custom_instructions: '',
    },
  });
  const err = useErrorText(form.formState.errors);
  const [banner, setBanner] = useState<string | null>(null);
  // Fresh totals of a 409, for the zone they were priced with.
  const [serverTotals, setServerTotals] = useState<{ zone: string; totals: Totals } | null>(null);
  const [placed, setPlaced] = useState<{ id: number; message: string } | null>(null);
  const [loginOpen, setLoginOpen] = useState(!isLoggedIn);
  const formId = useId();

  useEffect(() => setLoginOpen(!isLoggedIn), [isLoggedIn]);
  useEffect(() => {
    if (!placed) return;
    const timer = window.setTimeout(() => navigate('/'), 2000);
    return () => window.clearTimeout(timer);
  }, [placed, navigate]);

  const zoneId = form.watch('delivery_zone_id');
  const zone = zones.data?.find((z) => String(z.id) === zoneId) ?? null;
  // The totals shown and sent are the server's (the checkout's own pricing), refetched when the zone or
  // the lines change; after a 409 the fresh totals of that answer are shown until the zone changes.
  const quoteBody = useMemo<CustomQuoteBody>(() => ({ flowers, delivery_zone_id: zoneId ? Number(zoneId) : null }), [flowers, zoneId]);
  const quote = useCustomQuote(quoteBody, locale);
  const quoteKey = customKeys.quote(quoteBody, locale);
  const quoteReady = quote.isSuccess && !quote.isPlaceholderData;
  const fresh = serverTotals?.zone === zoneId ? serverTotals.totals : null;
  const totals = fresh ?? (quoteReady ? quote.data.summary : null);

  const onValid = async (values: CustomCheckoutValues) => {
    setBanner(null);
    if (lines.length === 0 || !totals) return;
    try {
      const answer = await order.mutateAsync({ body: toCustomBouquetBody(values, flowers, totals), idempotencyKey: idempotencyKey.current() });
      idempotencyKey.placed();
      setPlaced({ id: answer.order.id, message: answer.message });
    } catch (error) {
      // Unreachable, timed out or failing server: the key is kept for the retry (see the file comment).
      if (!isApiError(error) || error.status === 0 || error.status === 408 || error.status >= 500) {
        setBanner(t('checkout.failed'));
        return;
      }
      if (error.status === 401) {
        setLoginOpen(true);
        return;
      }
      if (error.status === 422 && Object.keys(error.errors).length > 0) {
        applyServerErrors(error, form);
        setBanner(error.allMessages().join(' '));
        return;
      }
      const body = error.body as { totals?: Totals } | undefined;
      if (error.status === 409 && body?.totals) {
        setServerTotals({ zone: values.delivery_zone_id, totals: body.totals });
        void queryClient.invalidateQueries({ queryKey: quoteKey });
      }
      setBanner(t('checkout.orderFailed', { message: error.message }));
    }
  };

  const onInvalid = (errors: FieldErrors<CustomCheckoutValues>) => {
    const missingAddress = errors.address !== undefined;
    const messages = CUSTOM_CHECKOUT_FIELDS.map((f) => err(f, errors)).filter(Boolean);
    setBanner(missingAddress ? t('checkout.fillRequired') : messages.join(' '));
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
          <FormProvider {...form}>
            <form
              id={formId}
              noValidate
              onSubmit={(e) => {
                if (isLoggedIn) return void form.handleSubmit(onValid, onInvalid)(e);
                e.preventDefault();
                setLoginOpen(true);
              }}
              className="space-y-6"
              aria-label={t('checkout.formLabel')}
            >
              <FormSection title={t('checkout.address')}>
                <AddressFields />
              </FormSection>
              <FormSection title={t('orders:checkout.recipient')}>
                <RecipientFields />
              </FormSection>
              <FormSection title={t('checkout.delivery')}>
                <ZoneSelect />
                <DeliveryDateField />
                <SubstitutionField />
                <TextAreaField
                  label={t('checkout.instructions')}
                  maxLength={1000}
                  placeholder={t('checkout.instructionsPlaceholder')}
                  hint={t('checkout.instructionsHint')}
                  error={err('custom_instructions')}
                  className="sm:col-span-2"
                  {...form.register('custom_instructions')}
                />
              </FormSection>
              <PaymentSection />
            </form>
          </FormProvider>

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

/** The delivery city of the custom bouquet (its fee beside each; the free-delivery threshold under the chosen one). */
function ZoneSelect() {
  const { t } = useTranslation('custom-bouquet');
  const zones = useDeliveryZones();
  const zoneFee = useZoneFee();
  const { register, formState, watch } = useFormContext<CustomCheckoutValues>();
  const err = useErrorText(formState.errors);
  const id = useId();
  const zone = zones.data?.find((z) => String(z.id) === watch('delivery_zone_id')) ?? null;
  const error = err('delivery_zone_id');
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <FieldLabel htmlFor={id} required>
        {t('checkout.deliveryCity')}
      </FieldLabel>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        aria-required
        className={cn(selectClasses, error ? 'border-danger' : 'border-line')}
        {...register('delivery_zone_id')}
      >
        <option value="">{t('checkout.selectCity')}</option>
        {(zones.data ?? []).map((z) => (
          <option key={z.id} value={z.id}>
            {`${z.name} — ${zoneFee(z)}`}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
      {zone?.free_threshold != null && <p className="text-xs text-muted">{t('checkout.freeFrom', { amount: zone.free_threshold.toFixed(2) })}</p>}
    </div>
  );
}
