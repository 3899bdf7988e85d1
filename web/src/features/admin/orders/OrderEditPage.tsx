/**
 * /admin/orders/edit/:id: read-only facts, editable address, statuses, delivery
 * date and gift message; a changed field glows green for 2 s; Save sends the version it was based on,
 * so a colleague's save in between comes back as 409 with the fresh order, shown here.
 */
import { X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { OrderStatus, PaymentStatus } from '@shared/constants';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, FormMessage, TextAreaField } from '@web/components/ui/form-fields';
import { Price } from '@web/components/ui/Price';
import { Spinner } from '@web/components/ui/Spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { PhoneLinks } from '../components/PhoneLinks';
import { SelectField } from '../components/SelectField';
import { useAdminOrder, useSaveOrder } from './api';
import { Card } from '../dashboard/Card';
import { paymentOptions, statusOptions } from './labels';
import { NotifyPanel } from './NotifyPanel';
import { OrderItemsEditor } from './OrderItemsEditor';
import { ReceiptButton } from './ReceiptButton';
import { useFlash } from './use-flash';

type Form = { address: string; order_status: OrderStatus | ''; payment_status: PaymentStatus | ''; delivery_date: string; gift_message: string };

const formOf = (o: AdminOrderDetail): Form => ({
  address: o.address?.street ?? '',
  order_status: o.order_status,
  payment_status: o.payment_status,
  delivery_date: o.delivery_date ?? '',
  gift_message: o.gift_message ?? '',
});


function Glow({ on, children }: { on: boolean; children: ReactNode }) {
  return <div className={cn('rounded-xl p-1 transition-colors duration-300', on && 'bg-emerald-100 ring-2 ring-emerald-600')}>{children}</div>;
}

function loadError(t: (k: string) => string, error: unknown): string {
  if (!isApiError(error)) return t('edit.loadFailed');
  if (error.status === 404) return t('edit.notFound');
  if (error.status === 401) return t('edit.unauthorized');
  if (error.status >= 500) return t('edit.serverError');
  return error.message || t('edit.loadFailed');
}

function EditForm({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation(['admin-sales', 'admin', 'common']);
  const navigate = useNavigate();
  const save = useSaveOrder(order.id);
  const [form, setForm] = useState<Form>(() => formOf(order));
  const [base, setBase] = useState(order);
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [glowing, flash] = useFlash();
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    flash(key);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!form.order_status || !form.payment_status) {
      setMessage({ tone: 'error', text: t('edit.required') });
      return;
    }
    // Cancelling mails the customer and puts the units back: never from a slip of the dropdown.
    if (form.order_status === 'cancelled' && base.order_status !== 'cancelled') setConfirmingCancel(true);
    else void persist();
  }

  async function persist() {
    if (!form.order_status || !form.payment_status) return;
    try {
      const answer = await save.mutateAsync({
        order_status: form.order_status,
        payment_status: form.payment_status,
        delivery_date: form.delivery_date,
        gift_message: form.gift_message,
        ...(form.address.trim() && base.address ? { address: form.address.trim() } : {}),
        version: base.version,
      });
      toast.success(answer.message || t('edit.saved'));
      void navigate('/admin/orders');
    } catch (error) {
      const fresh = isApiError(error) && error.status === 409 ? (error.body as { order?: AdminOrderDetail } | undefined)?.order : undefined;
      if (fresh) {
        // Someone else saved: show their version, keep nothing stale.
        setBase(fresh);
        const next = formOf(fresh);
        (Object.keys(next) as (keyof Form)[]).forEach((k) => next[k] !== form[k] && flash(k));
        setForm(next);
      }
      setMessage({ tone: 'error', text: isApiError(error) && error.message ? error.message : t('edit.saveFailed') });
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
    [t('edit.totalAmount'), <Price key="t" amount={base.total_amount} />],
    [t('edit.paymentMethod'), t(`paymentMethods.${base.payment_method}`)],
    [t('edit.isCustomized'), base.is_customized ? t('admin:yes') : t('admin:no')],
  ];

  return (
    // grid-cols-1 and min-w-0: a column never grows to its widest content (the items table scrolls
    // inside its card, an e-mail address wraps) so the page stays as wide as a phone.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <form onSubmit={submit} noValidate className="min-w-0 space-y-4 lg:col-span-2">
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
              <SelectField label={t('edit.orderStatus')} required value={form.order_status} onChange={(v) => set('order_status', v as OrderStatus)} options={statusOptions(t)} />
            </Glow>
            <Glow on={glowing.has('payment_status')}>
              <SelectField label={t('edit.paymentStatus')} required value={form.payment_status} onChange={(v) => set('payment_status', v as PaymentStatus)} options={paymentOptions(t)} />
            </Glow>
            <Glow on={glowing.has('delivery_date')}>
              <Field label={t('edit.deliveryDate')} type="date" value={form.delivery_date} onChange={(e) => set('delivery_date', e.target.value)} hint={t('edit.deliveryDateHint')} />
            </Glow>
            {base.address && (
              <Glow on={glowing.has('address')}>
                <Field label={t('edit.address')} dir="auto" value={form.address} maxLength={300} onChange={(e) => set('address', e.target.value)} />
              </Glow>
            )}
          </div>
          <div className="mt-3">
            <Glow on={glowing.has('gift_message')}>
              <TextAreaField label={t('edit.giftMessage')} dir="auto" placeholder={t('edit.giftPlaceholder')} maxLength={500} value={form.gift_message} onChange={(e) => set('gift_message', e.target.value)} />
            </Glow>
          </div>
          {message && (
            <FormMessage tone={message.tone} className="mt-3">
              {message.text}
            </FormMessage>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <ButtonLink to="/admin/orders" variant="ghost">
              {t('admin:actions.cancel')}
            </ButtonLink>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('edit.saving') : t('edit.save')}
            </Button>
          </div>
        </Card>
        <Card title={t('edit.items')}>
          <OrderItemsEditor order={base} onSaved={setBase} />
        </Card>
      </form>
      <div className="min-w-0 space-y-4">
        <Card title={t('receipt.title')}>
          <ReceiptButton order={base} />
        </Card>
        <NotifyPanel order={base} />
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title={t('edit.cancelTitle', { id: base.id })}
        message={t('edit.cancelMessage', { email: base.customer_email })}
        confirmLabel={t('edit.cancelConfirm')}
        busyLabel={t('edit.saving')}
        onConfirm={persist}
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
          <ButtonLink to="/admin/orders" variant="ghost" aria-label={t('admin:actions.close')}>
            <X aria-hidden="true" className="size-5" />
          </ButtonLink>
        }
      />
      {!Number.isInteger(id) || id <= 0 ? (
        <ErrorState message={t('edit.noId')} />
      ) : query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : query.isError ? (
        <ErrorState message={loadError(t, query.error)} onRetry={query.error && isApiError(query.error) && query.error.status === 404 ? undefined : () => void query.refetch()} />
      ) : (
        <EditForm order={query.data} />
      )}
    </>
  );
}
