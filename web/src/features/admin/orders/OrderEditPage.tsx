/**
 * /admin/orders/edit/:id: read-only facts (the time slot, a pick-up said as such); editable statuses,
 * delivery date and time slot, address, gift message, recipient, notes, substitution and the lines,
 * all sent by the one "Save Changes" (one transaction on the server, the lines first) with the version
 * they were based on, so a colleague's save in between comes back as 409 with the fresh order, shown
 * here. After a save the order stays on screen and what changed glows green for 2 s (after a
 * conflict: what the colleague changed). A newer version of the order read meanwhile (a payment
 * recorded in the payments panel moves the payment status and the version) replaces the fields not
 * being edited and becomes the version the next save is based on.
 */
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { SUBSTITUTIONS, type OrderStatus, type PaymentStatus, type Substitution } from '@shared/constants';
import { adminOrderEditSchema, type AdminOrderDetail } from '@shared/schemas/orders-admin';
import { ButtonLink } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { Price } from '@web/components/ui/Price';
import { Spinner } from '@web/components/ui/Spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { hasSlotFacts, OrderSlotText } from '@web/lib/order-form/OrderSlot';
import { checkedBy, ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { PhoneLinks } from '../components/PhoneLinks';
import { SelectField } from '../components/SelectField';
import { useAdminOrder, useSaveOrder } from './api';
import { Card } from '../dashboard/Card';
import { paymentOptions, statusOptions } from './labels';
import { OrderPaymentsPanel } from '../money/OrderPaymentsPanel';
import { PaymentLinkPanel } from '../money/PaymentLinkPanel';
import { NotifyPanel } from './NotifyPanel';
import { itemsOf, linesChanged, linesOf, OrderItemsEditor, type Line } from './OrderItemsEditor';
import { OrderCardPanel } from './OrderCardPanel';
import { OrderSlotField } from './OrderSlotField';
import { CustomerMessages } from './CustomerMessages';
import { ReceiptButton } from './ReceiptButton';
import { RepeatOrderLink } from './RepeatOrderLink';
import { useFlash } from './use-flash';

/**
 * The editable fields as typed, turned into the edit's body and checked by the server's own schema.
 * Both statuses are required (one message for the two, as the server gives); the delivery date too
 * (the server would read an empty one as today: the florist picks the day, never an empty box); an
 * emptied address is left out (the order keeps its own); an empty recipient name means the customer
 * receives the flowers. The version and the lines are added when saving.
 */
const editFormSchema = z
  .object({
    address: z.string(),
    order_status: z.string().min(1, 'admin-sales:edit.required'),
    payment_status: z.string().min(1, 'admin-sales:edit.required'),
    delivery_date: z.string().min(1, 'admin-sales:edit.deliveryDateRequired'),
    delivery_slot: z.string(),
    gift_message: z.string(),
    recipient_name: z.string(),
    recipient_phone: z.string(),
    order_notes: z.string(),
    substitution: z.string(),
  })
  .transform((f) => ({
    order_status: f.order_status as OrderStatus,
    payment_status: f.payment_status as PaymentStatus,
    delivery_date: f.delivery_date,
    // Empty: the order has no slot and none was chosen (the server keeps it as it is).
    delivery_slot: f.delivery_slot || undefined,
    gift_message: f.gift_message,
    address: f.address.trim() || undefined,
    recipient: f.recipient_name.trim() ? { name: f.recipient_name, phone: f.recipient_phone } : null,
    order_notes: f.order_notes,
    substitution: f.substitution as Substitution,
  }))
  .transform(checkedBy(adminOrderEditSchema));

type EditValues = z.input<typeof editFormSchema>;

const formOf = (o: AdminOrderDetail): EditValues => ({
  address: o.address?.street ?? '',
  order_status: o.order_status,
  payment_status: o.payment_status,
  delivery_date: o.delivery_date ?? '',
  delivery_slot: o.delivery_slot?.key ?? '',
  gift_message: o.gift_message ?? '',
  recipient_name: o.recipient?.name ?? '',
  recipient_phone: o.recipient?.phone ?? '',
  order_notes: o.order_notes ?? '',
  substitution: o.substitution,
});

/** The names of what differs between two versions of the order (form fields, and `items`). */
function changedParts(a: AdminOrderDetail, b: AdminOrderDetail): string[] {
  const before = formOf(a);
  const after = formOf(b);
  const parts = (Object.keys(after) as (keyof EditValues)[]).filter((k) => before[k] !== after[k]);
  return linesChanged(a, linesOf(b)) || a.total_amount !== b.total_amount ? [...parts, 'items'] : parts;
}

function Glow({ on, children, className }: { on: boolean; children: ReactNode; className?: string }) {
  return (
    <div
      data-glow={on || undefined}
      className={cn('rounded-xl p-1 transition-colors duration-300', on && 'bg-emerald-100 ring-2 ring-emerald-600', className)}
    >
      {children}
    </div>
  );
}

function loadError(t: (k: string) => string, error: unknown): string {
  if (!isApiError(error)) return t('edit.loadFailed');
  if (error.status === 404) return t('edit.notFound');
  if (error.status === 401) return t('edit.unauthorized');
  if (error.status >= 500) return t('edit.serverError');
  return error.message || t('edit.loadFailed');
}

function EditForm({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation(['admin-sales', 'admin', 'common', 'delivery-slots']);
  const saveOrder = useSaveOrder(order.id);
  const [base, setBase] = useState(order);
  const [lines, setLines] = useState<Line[]>(() => linesOf(order));
  const [glowing, flash] = useFlash();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** Set while the cancel dialog's confirm runs the save again. */
  const cancelConfirmed = useRef(false);

  /** Shows `next` as the order (fields and lines), what differs from the order shown glowing for 2 s. */
  function show(next: AdminOrderDetail, glowFrom: AdminOrderDetail) {
    changedParts(glowFrom, next).forEach(flash);
    setBase(next);
    setLines(linesOf(next));
    form.reset(formOf(next));
  }

  const form = useShopForm(editFormSchema, {
    defaultValues: formOf(order),
    save: async (body) => {
      // Cancelling mails the customer and puts the units back: never from a slip of the dropdown.
      if (body.order_status === 'cancelled' && base.order_status !== 'cancelled' && !cancelConfirmed.current) {
        setConfirmingCancel(true);
        return;
      }
      try {
        const answer = await saveOrder.mutateAsync({
          ...body,
          address: base.address ? body.address : undefined,
          recipient: body.recipient && { ...body.recipient, anonymous: base.recipient?.anonymous ?? false },
          // The lines ride with the fields: one save, nothing dropped.
          items: linesChanged(base, lines) ? itemsOf(lines) : undefined,
          version: base.version,
        });
        toast.success(answer.message || t('edit.saved'));
        // The order stays on screen as the server now has it; what the save changed glows.
        show(answer.data, base);
      } catch (error) {
        const fresh =
          isApiError(error) && error.status === 409 ? (error.body as { order?: AdminOrderDetail } | undefined)?.order : undefined;
        // Someone else saved: show their version, keep nothing stale (what changed glows).
        if (fresh) show(fresh, base);
        throw error;
      }
    },
    failed: t('edit.saveFailed'),
  });

  // A newer order read meanwhile (the payments panel recorded a payment, a colleague saved): it becomes
  // the base of the next save, and the fields and lines not being edited show it, what moved glowing.
  useEffect(() => {
    if (order.version <= base.version) return;
    changedParts(base, order).forEach(flash);
    if (!linesChanged(base, lines)) setLines(linesOf(order));
    setBase(order);
    form.reset(formOf(order), { keepDirtyValues: true });
    // Only a new order from the query moves this; the form's own state does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  const selectField = (name: 'order_status' | 'payment_status' | 'substitution' | 'delivery_slot') => ({
    value: form.watch(name),
    error: form.errorText(name),
    onChange: (value: string) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  });

  async function confirmCancel() {
    cancelConfirmed.current = true;
    try {
      await form.submit();
    } finally {
      cancelConfirmed.current = false;
    }
  }

  const facts: [string, ReactNode][] = [
    [t('edit.orderId'), `#${base.id}`],
    [t('edit.customer'), <bdi key="c">{base.customer_name}</bdi>],
    [
      t('edit.email'),
      // An order taken by phone may have no address.
      base.customer_email ? (
        <a key="e" href={`mailto:${base.customer_email}`} className="break-all text-primary underline-offset-2 hover:underline">
          <bdi>{base.customer_email}</bdi>
        </a>
      ) : (
        '–'
      ),
    ],
    [t('edit.phone'), <PhoneLinks key="p" phone={base.customer_phone} />],
    [t('edit.city'), base.delivery_city],
    ...(hasSlotFacts({ method: base.delivery_method, slot: base.delivery_slot })
      ? [
          [t('delivery-slots:slot'), <OrderSlotText key="s" method={base.delivery_method} slot={base.delivery_slot} />] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    [t('edit.totalAmount'), <Price key="t" amount={base.total_amount} />],
    [t('edit.paymentMethod'), t(`paymentMethods.${base.payment_method}`)],
    [t('edit.isCustomized'), base.is_customized ? t('admin:yes') : t('admin:no')],
  ];

  return (
    // grid-cols-1 and min-w-0: a column never grows to its widest content (the items table scrolls
    // inside its card, an e-mail address wraps) so the page stays as wide as a phone.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {/* No e-mail: WhatsApp is the only written word the customer gets, so its messages come first. */}
      {!base.customer_email && <CustomerMessages orderId={base.id} hasEmail={false} className="lg:col-span-3" />}
      <ShopForm form={form} className="min-w-0 space-y-4 lg:col-span-2">
        <Card>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {facts.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-medium text-muted">{label}</dt>
                <dd className="text-sm break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card>
          <div className="grid gap-3 sm:grid-cols-2">
            <Glow on={glowing.has('order_status')}>
              <SelectField label={t('edit.orderStatus')} required {...selectField('order_status')} options={statusOptions(t)} />
            </Glow>
            <Glow on={glowing.has('payment_status')}>
              <SelectField label={t('edit.paymentStatus')} required {...selectField('payment_status')} options={paymentOptions(t)} />
            </Glow>
            <Glow on={glowing.has('delivery_date')}>
              <Field
                label={t('edit.deliveryDate')}
                type="date"
                required
                hint={t('edit.deliveryDateHint')}
                {...form.field('delivery_date')}
              />
            </Glow>
            <Glow on={glowing.has('delivery_slot')}>
              <OrderSlotField order={base} day={form.watch('delivery_date')} {...selectField('delivery_slot')} />
            </Glow>
            {base.address && (
              <Glow on={glowing.has('address')}>
                <Field label={t('edit.address')} dir="auto" maxLength={300} {...form.field('address')} />
              </Glow>
            )}
          </div>
          <div className="mt-3">
            <Glow on={glowing.has('gift_message')}>
              <TextAreaField
                label={t('edit.giftMessage')}
                dir="auto"
                placeholder={t('edit.giftPlaceholder')}
                maxLength={500}
                {...form.field('gift_message')}
              />
            </Glow>
          </div>
        </Card>
        <Card title={t('edit.details')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Glow on={glowing.has('recipient_name')}>
              <Field
                label={t('edit.recipientName')}
                dir="auto"
                maxLength={120}
                hint={t('edit.recipientNameHint')}
                {...form.field('recipient_name')}
              />
            </Glow>
            <Glow on={glowing.has('recipient_phone')}>
              <Field
                label={t('edit.recipientPhone')}
                type="tel"
                dir="ltr"
                autoComplete="off"
                maxLength={40}
                {...form.field('recipient_phone')}
              />
            </Glow>
            <Glow on={glowing.has('substitution')} className="sm:col-span-2">
              <SelectField
                label={t('edit.substitution')}
                {...selectField('substitution')}
                options={SUBSTITUTIONS.map((v) => ({ value: v, label: t(`detail.substitutions.${v}`) }))}
              />
            </Glow>
            <Glow on={glowing.has('order_notes')} className="sm:col-span-2">
              <TextAreaField label={t('edit.notes')} dir="auto" maxLength={1000} {...form.field('order_notes')} />
            </Glow>
          </div>
        </Card>
        <Card title={t('edit.items')}>
          <Glow on={glowing.has('items')}>
            <OrderItemsEditor order={base} lines={lines} onChange={setLines} />
          </Glow>
        </Card>
        <div className="flex flex-wrap justify-end gap-2">
          <ButtonLink to="/admin/orders" variant="ghost">
            {t('admin:actions.cancel')}
          </ButtonLink>
          <SubmitButton form={form} busyLabel={t('edit.saving')}>
            {t('edit.save')}
          </SubmitButton>
        </div>
      </ShopForm>
      <div className="min-w-0 space-y-4">
        {base.customer_email && <CustomerMessages orderId={base.id} hasEmail />}
        <Card title={t('receipt.title')}>
          <ReceiptButton order={base} />
        </Card>
        <OrderCardPanel order={base} />
        <OrderPaymentsPanel orderId={base.id} />
        <PaymentLinkPanel orderId={base.id} />
        <NotifyPanel order={base} />
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title={t('edit.cancelTitle', { id: base.id })}
        message={t('edit.cancelMessage', { email: base.customer_email })}
        confirmLabel={t('edit.cancelConfirm')}
        cancelLabel={t('edit.keepOrder')}
        busyLabel={t('edit.saving')}
        onConfirm={confirmCancel}
        onClose={() => setConfirmingCancel(false)}
      />
    </div>
  );
}

export default function OrderEditPage() {
  const { t } = useTranslation(['admin-sales', 'admin']);
  const id = Number(useParams().id);
  const query = useAdminOrder(id);
  const title = t('edit.title', { id: Number.isInteger(id) ? id : '' });
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {query.data && <RepeatOrderLink orderId={query.data.id} />}
            <ButtonLink to="/admin/orders" variant="ghost" aria-label={t('admin:actions.close')}>
              <X aria-hidden="true" className="size-5" />
            </ButtonLink>
          </>
        }
      />
      {!Number.isInteger(id) || id <= 0 ? (
        <ErrorState message={t('edit.noId')} />
      ) : query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : query.isError ? (
        <ErrorState
          message={loadError(t, query.error)}
          onRetry={query.error && isApiError(query.error) && query.error.status === 404 ? undefined : () => void query.refetch()}
        />
      ) : (
        <EditForm order={query.data} />
      )}
    </>
  );
}
