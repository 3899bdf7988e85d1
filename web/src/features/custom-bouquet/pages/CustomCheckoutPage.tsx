/**
 * /custom-checkout: the custom bouquet selection ordered (sign-in required), with the same order form
 * as /checkout (lib/order-form: sections, idempotency key, submit ladder, "order placed" screen) and
 * the same order service on the server. The city is the delivery zone chosen here, once; the totals
 * shown and sent are the server's quote, or the fresh totals of a 409 until the zone changes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import type { CustomQuoteBody } from '@shared/schemas/custom-bouquet';
import { ButtonLink } from '@web/components/ui';
import { TextAreaField } from '@web/components/ui/form-fields';
import { useDocumentTitle } from '@web/lib/head';
import { useClosedDates, useDeliveryZones } from '@web/lib/delivery';
import { ShopForm, useShopForm } from '@web/lib/forms';
import { useSession } from '@web/lib/session';
import { ContactFields } from '@web/lib/order-form/AddressFields';
import { DeliveryDateField, SubstitutionField } from '@web/lib/order-form/DeliveryFields';
import { DeliverySlotField } from '@web/lib/order-form/DeliverySlotFields';
import { DeliveryWhere } from '@web/lib/order-form/DeliveryWhere';
import { FormSection } from '@web/lib/order-form/FormSection';
import { OrderPlaced, placedProps } from '@web/lib/order-form/OrderPlaced';
import { PaymentSection } from '@web/lib/order-form/PaymentSection';
import { useCardOffer } from '@web/lib/card-payment/api';
import { RecipientFields } from '@web/lib/order-form/RecipientFields';
import { defaultDetails, DETAIL_RENAMES } from '@web/lib/order-form/form';
import { usePlaceOrder } from '@web/lib/order-form/use-place-order';
import { customKeys, useCreateCustomOrder, useCustomQuote, type CustomOrderAnswer } from '../api';
import { makeCustomCheckoutSchema, toCustomBouquetBody, type CustomCheckoutValues } from '../custom-checkout-form';
import { CustomSummary, type Totals } from '../CustomSummary';
import { LoginNeeded } from '../LoginNeeded';
import { totalsFor } from '@web/lib/order-form/pickup-totals';
import { loadSelection } from '../selection';
import { ZoneSelect } from '../ZoneSelect';

export default function CustomCheckoutPage() {
  const { t, i18n } = useTranslation('custom-bouquet');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  useDocumentTitle(t('checkout.title'));
  const { user, isLoggedIn } = useSession();
  const zones = useDeliveryZones();
  const closed = useClosedDates();
  const create = useCreateCustomOrder();
  const queryClient = useQueryClient();
  const [lines] = useState(() => loadSelection());
  const flowers = useMemo(
    () => lines.map((l) => ({ product_id: l.product_id, color_id: l.selectedColor?.id ?? null, quantity: l.quantity })),
    [lines],
  );
  // Fresh totals of a 409, for the zone they were priced with.
  const [serverTotals, setServerTotals] = useState<{ zone: string; totals: Totals } | null>(null);
  const [loginOpen, setLoginOpen] = useState(!isLoggedIn);
  useEffect(() => setLoginOpen(!isLoggedIn), [isLoggedIn]);

  const cardPayment = useCardOffer().data?.card_payment === true;
  const schema = useMemo(
    () => makeCustomCheckoutSchema({ closedDates: closed.data?.dates ?? [], cardPayment }),
    [closed.data?.dates, cardPayment],
  );
  const order = usePlaceOrder<CustomCheckoutValues, CustomOrderAnswer>({
    basket: flowers,
    send: (values, idempotencyKey): Promise<CustomOrderAnswer> =>
      create.mutateAsync({ body: toCustomBouquetBody(values, flowers, totals!, zone), idempotencyKey }),
    onConflict: (error, values) => {
      const body = error.body as { totals?: Totals } | undefined;
      if (body?.totals) setServerTotals({ zone: values.delivery_zone_id, totals: body.totals });
      void queryClient.invalidateQueries({ queryKey: quoteKey });
    },
    onUnauthorized: () => setLoginOpen(true),
  });
  const form = useShopForm(schema as unknown as z.ZodType<CustomCheckoutValues, CustomCheckoutValues>, {
    mode: 'onTouched',
    defaultValues: {
      ...defaultDetails(t('checkout.countryDefault'), { name: user?.name, phone: user?.phone, street: user?.address }),
      delivery_zone_id: '',
      custom_instructions: '',
    },
    save: (values) => (isLoggedIn ? order.save(values) : setLoginOpen(true)),
    failed: order.failed,
    rename: DETAIL_RENAMES,
    invalid: (errors) => (errors.address || errors.customer ? t('checkout.fillRequired') : t('orders:checkout.fixErrors')),
  });

  const zoneId: string = form.watch('delivery_zone_id');
  const zone = zones.data?.find((z) => String(z.id) === zoneId) ?? null;
  // The totals shown and sent are the server's (the checkout's own pricing), refetched when the zone or the lines change.
  const quoteBody = useMemo<CustomQuoteBody>(() => ({ flowers, delivery_zone_id: zoneId ? Number(zoneId) : null }), [flowers, zoneId]);
  const quote = useCustomQuote(quoteBody, locale);
  const quoteKey = customKeys.quote(quoteBody, locale);
  const fresh: Totals | null = serverTotals?.zone === zoneId ? serverTotals.totals : null;
  const totals: Totals | null = fresh ?? (quote.isSuccess && !quote.isPlaceholderData ? quote.data.summary : null);
  // Shown: a pick-up's totals have no delivery fee (the body's total drops it the same way).
  const pickup = form.watch('delivery_method') === 'pickup';
  const shown: Totals | null = totals && totalsFor(form.watch('delivery_method'), totals);

  if (order.placed) return <OrderPlaced {...placedProps(order.placed)} signedIn />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('checkout.title')}</h1>
      <LoginNeeded open={loginOpen} onClose={() => setLoginOpen(false)} />
      {lines.length === 0 ? (
        <div className="mt-8 rounded-card border border-line bg-surface p-8 text-center">
          <p className="text-muted">{t('checkout.empty')}</p>
          <ButtonLink to="/customize" className="mt-4">
            {t('checkout.compose')}
          </ButtonLink>
        </div>
      ) : (
        <FormProvider {...form}>
          <ShopForm
            form={form}
            message={<></>}
            aria-label={t('checkout.formLabel')}
            className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]"
          >
            <div className="min-w-0 space-y-6">
              <FormSection title={t('orders:checkout.contact')}>
                <ContactFields />
              </FormSection>
              <FormSection title={t('orders:checkout.deliveryAddress')}>
                <DeliveryWhere city={<ZoneSelect />} />
                <RecipientFields />
              </FormSection>
              <FormSection title={t('checkout.delivery')}>
                <DeliveryDateField />
                <DeliverySlotField zoneId={Number(form.watch('delivery_zone_id')) || null} />
                <SubstitutionField />
                <TextAreaField
                  label={t('checkout.instructions')}
                  maxLength={1000}
                  placeholder={t('checkout.instructionsPlaceholder')}
                  hint={t('checkout.instructionsHint')}
                  error={form.errorText('custom_instructions')}
                  className="sm:col-span-2"
                  {...form.register('custom_instructions')}
                />
              </FormSection>
              <PaymentSection total={shown?.total ?? null} />
            </div>
            <CustomSummary form={form} lines={lines} quote={quote} totals={shown} fresh={fresh !== null} zone={zone} pickup={pickup} />
          </ShopForm>
        </FormProvider>
      )}
    </div>
  );
}
