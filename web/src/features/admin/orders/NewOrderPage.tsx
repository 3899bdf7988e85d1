/**
 * /admin/orders/new: an order taken by phone, WhatsApp or at the counter, for a guest buyer. Laid out
 * for a phone held in one hand (one column, the total and the save button stuck to the bottom).
 * The address, recipient, card and delivery-date sections are the checkout's own (same fields, same
 * rules); the total shown is the server's quote of the lines and zone, and the save sends it back as
 * the total seen, so a price that moved meanwhile is refused instead of charged. One idempotency key
 * per screen: a save retried after a lost answer is the same order. After saving: the order's page.
 */
import { Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { v } from '@shared/validation';
import type { AdminProductRow } from '@shared/schemas/catalogue-admin';
import { STAFF_ORDER_SOURCES, staffOrderBodySchema, staffOrderLineSchema, type StaffOrderBody } from '@shared/schemas/staff-orders';
import { ButtonLink } from '@web/components/ui/Button';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { Price } from '@web/components/ui/Price';
import { toast } from '@web/components/ui/toast';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { AddressFields } from '@web/lib/order-form/AddressFields';
import { DeliveryDateField, SubstitutionField } from '@web/lib/order-form/DeliveryFields';
import { FormSection } from '@web/lib/order-form/FormSection';
import { checkDetails, checkWith, defaultDetails, detailsShape, emptyAddress, toOrderDetails } from '@web/lib/order-form/form';
import { RecipientFields } from '@web/lib/order-form/RecipientFields';
import { PageHeader } from '../components/PageHeader';
import { SelectField } from '../components/SelectField';
import { useZones } from '../delivery/zones/api';
import { usePlaceStaffOrder, useStaffOrderQuote } from './api';
import { ProductPicker } from './ProductPicker';
import { QuantityStepper } from './QuantityStepper';

const colorShape = z.object({ id: z.number(), name: z.string(), hex_code: z.string().nullable() });

/** The form's values: the checkout's details, plus the source, the buyer, the zone, notes and the lines. */
export const newOrderFormSchema = z
  .object({
    ...detailsShape,
    source: z.enum(STAFF_ORDER_SOURCES),
    customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
    delivery_zone_id: z.string(),
    order_notes: z.string().max(1000, v('too_long')),
    items: z.array(z.object({ product_id: z.number(), color_id: z.number().nullable(), quantity: z.number(), name: z.string(), colors: z.array(colorShape) })),
  })
  .superRefine((values, ctx) => {
    // Closed dates are the server's to refuse (its 422 lands under the date field).
    checkDetails(values, ctx, { closedDates: [], now: new Date() });
    checkWith(ctx, staffOrderBodySchema.shape.customer, values.customer, ['customer']);
    if (!values.delivery_zone_id) ctx.addIssue({ code: 'custom', message: v('required'), path: ['delivery_zone_id'] });
    if (values.items.length === 0) ctx.addIssue({ code: 'custom', message: 'admin-sales:newOrder.noLines', path: ['items'] });
    values.items.forEach((item, i) => checkWith(ctx, staffOrderLineSchema.shape.quantity, item.quantity, ['items', i, 'quantity']));
  });
export type NewOrderValues = z.input<typeof newOrderFormSchema>;

export const newOrderDefaults = (): NewOrderValues => ({
  ...defaultDetails(emptyAddress('Maroc')),
  source: 'phone',
  customer: { name: '', phone: '', email: '' },
  delivery_zone_id: '',
  order_notes: '',
  items: [],
});

/** The POST /api/admin/orders body: the form's values and the total the server quoted. */
export function toStaffOrderBody(values: NewOrderValues, quoted: { total: number; shipping: number }): StaffOrderBody {
  return {
    ...toOrderDetails(values, { zoneId: Number(values.delivery_zone_id) || null, total: quoted.total, shipping: quoted.shipping }),
    payment_method: 'cash_on_delivery',
    source: values.source,
    customer: { name: values.customer.name.trim(), phone: values.customer.phone.trim(), email: values.customer.email.trim() || null },
    items: values.items.map((i) => ({ product_id: i.product_id, color_id: i.color_id, quantity: i.quantity })),
    order_notes: values.order_notes.trim() || null,
  };
}

export default function NewOrderPage() {
  const { t, i18n } = useTranslation(['admin-sales', 'admin', 'orders']);
  const navigate = useNavigate();
  const zones = useZones();
  const place = usePlaceStaffOrder();
  const [key] = useState(() => crypto.randomUUID());
  // The quote the screen shows, as the save sends it (read when saving, so always the latest).
  const quoted = useRef({ total: 0, shipping: 0, ready: false });

  const form = useShopForm(newOrderFormSchema, {
    defaultValues: newOrderDefaults(),
    save: async (values) => {
      if (!quoted.current.ready) throw new Error(t('newOrder.noQuote'));
      const answer = await place.mutateAsync({ body: toStaffOrderBody(values, quoted.current), key });
      toast.success(t('newOrder.saved', { id: answer.order.id }));
      void navigate(`/admin/orders/edit/${answer.order.id}`);
    },
    failed: (error) => (error instanceof Error && !('status' in error) ? error.message : undefined),
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const items = form.watch('items');
  const zoneId = Number(form.watch('delivery_zone_id')) || null;
  const wanted = useMemo(() => items.map((i) => ({ product_id: i.product_id, color_id: i.color_id, quantity: i.quantity })), [items]);
  const quote = useStaffOrderQuote(wanted, zoneId);
  const ready = Boolean(quote.data) && !quote.isPlaceholderData && !quote.isFetching;
  const canSave = ready && items.length > 0;
  useEffect(() => {
    quoted.current = { total: quote.data?.total_amount ?? 0, shipping: quote.data?.shipping_cost ?? 0, ready: canSave };
  }, [quote.data, canSave]);

  const zoneOptions = (zones.data?.data ?? [])
    .filter((z) => z.is_active)
    .map((z) => ({ value: String(z.id), label: i18n.language === 'ar' ? z.name_ar : i18n.language === 'en' ? (z.name_en ?? z.name) : z.name }));

  function addProduct(p: AdminProductRow) {
    const colorId = p.colors[0]?.id ?? null;
    const at = items.findIndex((i) => i.product_id === p.id && i.color_id === colorId);
    if (at >= 0) form.setValue(`items.${at}.quantity`, Math.min(50, items[at]!.quantity + 1));
    else lines.append({ product_id: p.id, color_id: colorId, quantity: 1, name: p.name, colors: p.colors.map((c) => ({ id: c.id, name: c.name, hex_code: c.hex_code })) });
  }

  const linesError = form.errorText('items');
  const setItem = (i: number, patch: Partial<NewOrderValues['items'][number]>) => lines.update(i, { ...items[i]!, ...patch });

  return (
    <>
      <PageHeader
        title={t('newOrder.title')}
        actions={
          <ButtonLink to="/admin/orders" variant="ghost" aria-label={t('admin:actions.close')}>
            <X aria-hidden="true" className="size-5" />
          </ButtonLink>
        }
      />
      <FormProvider {...form}>
        <ShopForm form={form} className="mx-auto max-w-2xl space-y-4 pb-40">
          <FormSection title={t('newOrder.sourceTitle')}>
            <fieldset className="sm:col-span-2">
              <legend className="mb-2 text-sm font-medium text-ink">{t('newOrder.source')}</legend>
              <div className="flex flex-wrap gap-2">
                {STAFF_ORDER_SOURCES.map((s) => (
                  <label key={s} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
                    <input type="radio" value={s} className="size-5 accent-primary" {...form.register('source')} />
                    {t(`sources.${s}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field label={t('newOrder.buyerName')} required autoComplete="off" {...form.field('customer.name')} />
            <Field label={t('newOrder.buyerPhone')} required type="tel" autoComplete="off" dir="ltr" {...form.field('customer.phone')} />
            <Field className="sm:col-span-2" label={t('newOrder.buyerEmail')} type="email" autoComplete="off" dir="ltr" hint={t('newOrder.buyerEmailHint')} {...form.field('customer.email')} />
          </FormSection>

          <FormSection title={t('newOrder.linesTitle')}>
            <div className="space-y-3 sm:col-span-2">
              {lines.fields.length > 0 && (
                <ul aria-label={t('newOrder.linesTitle')} className="space-y-2">
                  {lines.fields.map((field, i) => {
                    const item = items[i]!;
                    const priced = quote.data?.lines.find((l) => l.product_id === item.product_id && l.color_id === item.color_id);
                    return (
                      <li key={field.id} className="rounded-xl border border-line p-3">
                        <div className="flex items-start justify-between gap-2">
                          <p className="font-medium text-ink">
                            <bdi>{item.name}</bdi>
                          </p>
                          <button type="button" onClick={() => lines.remove(i)} aria-label={t('lines.remove', { item: item.name })} className="flex size-11 items-center justify-center rounded-lg text-danger hover:bg-danger-soft">
                            <Trash2 aria-hidden="true" className="size-5" />
                          </button>
                        </div>
                        <div className="mt-2 flex flex-wrap items-end gap-3">
                          {item.colors.length > 0 && (
                            <div className="min-w-36 flex-1">
                              <SelectField
                                label={t('items.color')}
                                value={String(item.color_id ?? '')}
                                onChange={(value) => setItem(i, { color_id: Number(value) })}
                                options={item.colors.map((c) => ({ value: String(c.id), label: c.name }))}
                                error={form.errorText(`items.${i}.color_id`)}
                              />
                            </div>
                          )}
                          <QuantityStepper label={item.name} value={item.quantity} onChange={(n) => setItem(i, { quantity: n })} />
                          {priced && (
                            <p className="ms-auto text-end text-sm">
                              <Price amount={priced.line_total} />
                              <span className="block text-xs text-muted">{t('items.inStock', { count: priced.stock })}</span>
                            </p>
                          )}
                        </div>
                        {form.errorText(`items.${i}.quantity`) && <p className="mt-1 text-sm text-danger">{form.errorText(`items.${i}.quantity`)}</p>}
                      </li>
                    );
                  })}
                </ul>
              )}
              {linesError && (
                <p role="alert" className="text-sm text-danger">
                  {linesError}
                </p>
              )}
              <ProductPicker onPick={addProduct} />
            </div>
          </FormSection>

          <FormSection title={t('orders:checkout.delivery')}>
            <div className="sm:col-span-2">
              <SelectField
                label={t('newOrder.zone')}
                required
                value={form.watch('delivery_zone_id')}
                onChange={(value) => form.setValue('delivery_zone_id', value, { shouldValidate: form.formState.isSubmitted })}
                placeholder={t('newOrder.zoneChoose')}
                options={zoneOptions}
                error={form.errorText('delivery_zone_id')}
              />
            </div>
            <AddressFields />
            <DeliveryDateField />
            <SubstitutionField />
          </FormSection>

          <FormSection title={t('orders:checkout.recipient')}>
            <RecipientFields />
            <TextAreaField className="sm:col-span-2" label={t('newOrder.notes')} maxLength={1000} {...form.field('order_notes')} />
          </FormSection>

          <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 p-3 backdrop-blur lg:sticky lg:rounded-2xl lg:border">
            <div className="mx-auto flex max-w-2xl items-center gap-3">
              <div className="min-w-0 flex-1">
                <dl className="text-sm" aria-live="polite">
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted">{t('newOrder.subtotal')}</dt>
                    <dd>{quote.data ? <Price amount={quote.data.subtotal} /> : '–'}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted">{t('newOrder.delivery')}</dt>
                    <dd>{quote.data && zoneId ? <Price amount={quote.data.shipping_cost} /> : '–'}</dd>
                  </div>
                  <div className="flex justify-between gap-2 font-semibold text-ink">
                    <dt>{t('newOrder.total')}</dt>
                    <dd data-testid="new-order-total">{quote.data && items.length > 0 ? <Price amount={quote.data.total_amount} /> : '–'}</dd>
                  </div>
                </dl>
                <p className="text-xs text-muted">{t('newOrder.cash')}</p>
              </div>
              <SubmitButton form={form} disabled={!canSave} busyLabel={t('newOrder.saving')}>
                {t('newOrder.save')}
              </SubmitButton>
            </div>
          </div>
        </ShopForm>
      </FormProvider>
    </>
  );
}
