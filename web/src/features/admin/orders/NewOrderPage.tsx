/**
 * /admin/orders/new: an order taken by phone, WhatsApp or at the counter, for a guest buyer. Laid out
 * for a phone held in one hand (one column, the total and the save button stuck to the bottom). The
 * sections are the order form's own (lib/order-form: same fields, same rules, worded for staff); the
 * buyer is asked once (the delivery address takes their name and phone unless someone else receives),
 * the zone is the address's city. The total shown is the server's quote, sent back as the total seen
 * (a price that moved meanwhile is refused, not charged). After saving: the order's page.
 */
import { X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@web/components/ui/Button';
import { TextAreaField } from '@web/components/ui/form-fields';
import { toast } from '@web/components/ui/toast';
import { ShopForm, useShopForm } from '@web/lib/forms';
import { ContactFields } from '@web/lib/order-form/AddressFields';
import { DeliveryDateField, SubstitutionField } from '@web/lib/order-form/DeliveryFields';
import { DeliverySlotField } from '@web/lib/order-form/DeliverySlotFields';
import { DeliveryWhere } from '@web/lib/order-form/DeliveryWhere';
import { FormSection } from '@web/lib/order-form/FormSection';
import { DETAIL_RENAMES } from '@web/lib/order-form/form';
import { RecipientFields } from '@web/lib/order-form/RecipientFields';
import { usePlaceOrder } from '@web/lib/order-form/use-place-order';
import { PageHeader } from '../components/PageHeader';
import { useZones } from '../delivery/zones/api';
import { usePlaceStaffOrder, useStaffOrderQuote } from './api';
import { useRepeatOrder } from './front-desk-api';
import { newOrderDefaults, newOrderFormSchema, repeatValues, toStaffOrderBody, type NewOrderValues } from './new-order-form';
import { NewOrderBar } from './NewOrderBar';
import { RepeatNotice } from './RepeatNotice';
import { ReturningCustomer } from './ReturningCustomer';
import { StaffZoneSelect } from './StaffZoneSelect';
import { NewOrderLines } from './NewOrderLines';
import { NewOrderSource } from './NewOrderSource';
import { StaffPaymentSection } from './StaffPaymentSection';

export default function NewOrderPage() {
  const { t, i18n } = useTranslation(['admin-sales', 'admin', 'orders', 'admin-front-desk']);
  const navigate = useNavigate();
  // `?repeat=<order id>`: the form starts from that order (its lines and delivery, a new date).
  const [params] = useSearchParams();
  const repeatId = Number(params.get('repeat')) || null;
  const repeat = useRepeatOrder(repeatId);
  const zones = useZones();
  const place = usePlaceStaffOrder();
  // The quote the screen shows, as the save sends it (read when saving, so always the latest).
  const quoted = useRef({ total: 0, shipping: 0, ready: false });
  const zoneOptions = (zones.data?.data ?? [])
    .filter((z) => z.is_active)
    .map((z) => ({
      value: String(z.id),
      label: i18n.language === 'ar' ? z.name_ar : i18n.language === 'en' ? (z.name_en ?? z.name) : z.name,
      city: z.name,
    }));

  // The order is placed by `order` below, made for the lines typed (its key lasts as long as they do).
  const form = useShopForm(newOrderFormSchema, {
    defaultValues: newOrderDefaults(),
    save: (values: NewOrderValues): Promise<void> => order.save(values),
    failed: (error, onForm): string | null | undefined => order.failed(error, onForm),
    rename: DETAIL_RENAMES,
  });
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!repeat.data || applied.current === repeat.data.from_order_id) return;
    applied.current = repeat.data.from_order_id;
    form.reset(repeatValues(repeat.data));
  }, [repeat.data, form]);
  const items = form.watch('items');
  const zoneId = Number(form.watch('delivery_zone_id')) || null;
  // A pick-up is priced with no zone: no delivery fee in the quote, the bar or the body.
  const pricedZoneId = form.watch('delivery_method') === 'pickup' ? null : zoneId;
  const wanted = useMemo(
    () => items.map((i) => ({ product_id: i.product_id, color_id: i.color_id, size_id: i.size_id, quantity: i.quantity })),
    [items],
  );
  const order: ReturnType<typeof usePlaceOrder<NewOrderValues>> = usePlaceOrder<NewOrderValues>({
    basket: { wanted, zoneId: pricedZoneId },
    send: (values, key) => {
      if (!quoted.current.ready) throw new Error(t('newOrder.noQuote'));
      const zone = zoneOptions.find((z) => z.value === values.delivery_zone_id);
      return place.mutateAsync({
        body: toStaffOrderBody(values, quoted.current, zone ? { id: Number(zone.value), name: zone.city } : null),
        key,
      });
    },
    onPlaced: (answer) => {
      toast.success(t('newOrder.saved', { id: answer.order.id }));
      void navigate(`/admin/orders/edit/${answer.order.id}`);
    },
  });
  const quote = useStaffOrderQuote(wanted, pricedZoneId);
  const canSave = Boolean(quote.data) && !quote.isPlaceholderData && !quote.isFetching && items.length > 0;
  useEffect(() => {
    quoted.current = { total: quote.data?.total_amount ?? 0, shipping: quote.data?.shipping_cost ?? 0, ready: canSave };
  }, [quote.data, canSave]);

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
        <ShopForm form={form} className="mx-auto min-w-0 max-w-2xl space-y-4 pb-40">
          <RepeatNotice repeat={repeat} />
          <FormSection title={t('newOrder.sourceTitle')}>
            <NewOrderSource form={form} />
            <ContactFields
              email="optional"
              labels={{
                name: t('newOrder.buyerName'),
                phone: t('newOrder.buyerPhone'),
                email: t('newOrder.buyerEmail'),
                emailHint: t('newOrder.buyerEmailHint'),
              }}
            />
            <ReturningCustomer form={form} />
          </FormSection>
          <NewOrderLines form={form} quote={quote} />
          <FormSection title={t('orders:checkout.deliveryAddress')}>
            <DeliveryWhere city={<StaffZoneSelect form={form} options={zoneOptions} />} />
            <RecipientFields staff />
          </FormSection>
          <FormSection title={t('orders:checkout.delivery')}>
            <DeliveryDateField staff />
            <DeliverySlotField zoneId={zoneId} />
            <SubstitutionField />
            <TextAreaField className="sm:col-span-2" label={t('newOrder.notes')} maxLength={1000} {...form.field('order_notes')} />
          </FormSection>
          <StaffPaymentSection form={form} />
          <NewOrderBar
            form={form}
            quote={quote}
            zoneId={pricedZoneId}
            pickup={form.watch('delivery_method') === 'pickup'}
            canSave={canSave}
          />
        </ShopForm>
      </FormProvider>
    </>
  );
}
