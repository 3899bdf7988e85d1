/**
 * An order's money on its edit screen: the total, what was received and what is still due, each payment
 * and refund (who, how, when), "cash collected" in one tap for what is due, a payment by another method,
 * a refund with its reason, and the numbered invoice once the order is paid.
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatShopDate } from '@shared/dates';
import { recordPaymentSchema, recordRefundSchema, STAFF_PAYMENT_METHODS, type OrderPayments } from '@shared/schemas/payments';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field } from '@web/components/ui/form-fields';
import { Skeleton } from '@web/components/ui/Skeleton';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { checkedBy, numberOrNull, ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { SelectField } from '../components/SelectField';
import { useLocale, useMoney } from '../components/format';
import { useIssueInvoice, useOrderPayments, useRecordPayment, useRecordRefund } from './api';
import { CollectCashButton } from './CollectCashButton';

const paymentForm = z
  .object({ method: z.enum(STAFF_PAYMENT_METHODS), amount: z.string(), reference: z.string() })
  .transform((f) => ({ method: f.method, amount: numberOrNull(f.amount) ?? Number.NaN, reference: f.reference }))
  .transform(checkedBy(recordPaymentSchema));

const refundForm = z
  .object({ amount: z.string(), reason: z.string() })
  .transform((f) => ({ amount: numberOrNull(f.amount) ?? Number.NaN, reason: f.reason, method: 'cash' as const }))
  .transform(checkedBy(recordRefundSchema));

export function OrderPaymentsPanel({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['admin-money', 'common']);
  const query = useOrderPayments(orderId);
  return (
    <section aria-labelledby="order-money-title" className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      <h2 id="order-money-title" className="mb-3 font-display text-lg text-ink">
        {t('payments.title')}
      </h2>
      {query.isError ? (
        <ErrorState message={t('payments.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <PaymentsBody orderId={orderId} money={query.data} />
      )}
    </section>
  );
}

function PaymentsBody({ orderId, money }: { orderId: number; money: OrderPayments }) {
  const { t } = useTranslation(['admin-money', 'common']);
  const formatMoney = useMoney();
  const locale = useLocale();
  const [open, setOpen] = useState<'payment' | 'refund' | null>(null);
  const received = money.paid;
  const when = (iso: string) => formatShopDate(locale, iso, 'dateTime');

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-muted">{t('payments.total')}</dt>
          <dd className="font-semibold text-ink">{formatMoney(money.total)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('payments.received')}</dt>
          <dd className="font-semibold text-ink" data-testid="money-received">
            {formatMoney(received)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('payments.due')}</dt>
          <dd className={money.due > 0 ? 'font-semibold text-amber-800' : 'font-semibold text-emerald-800'} data-testid="money-due">
            {formatMoney(money.due)}
          </dd>
        </div>
      </dl>
      <p className="text-sm">
        <span className="text-muted">{t('payments.status')} </span>
        <strong data-testid="money-status">{t(`common:paymentStatus.${money.payment_status}`)}</strong>
      </p>
      {money.entries.length > 0 && (
        <ul className="divide-y divide-line text-sm">
          {money.entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0">
                {t(`payments.kinds.${entry.kind}`)} · {t(`payments.methods.${entry.method}`)}
                {entry.reference && <bdi className="text-muted"> · {entry.reference}</bdi>}
                {entry.reason && <bdi className="text-muted"> · {entry.reason}</bdi>}
                <span className="block text-xs text-muted">
                  {when(entry.created_at)}
                  {entry.recorded_by && (
                    <>
                      {' '}
                      · <bdi>{entry.recorded_by}</bdi>
                    </>
                  )}
                </span>
              </span>
              <span className={entry.kind === 'refund' ? 'font-medium text-danger' : 'font-medium text-ink'}>
                {entry.kind === 'refund' ? '−' : ''}
                {formatMoney(entry.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {money.due > 0 && <CollectCashButton orderId={orderId} label={t('payments.collectCash', { amount: formatMoney(money.due) })} />}
        {money.due > 0 && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => setOpen(open === 'payment' ? null : 'payment')}
            aria-expanded={open === 'payment'}
          >
            {t('payments.other')}
          </Button>
        )}
        {received > 0 && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => setOpen(open === 'refund' ? null : 'refund')}
            aria-expanded={open === 'refund'}
          >
            {t('payments.refund')}
          </Button>
        )}
        {money.payment_status === 'paid' && <InvoiceButton orderId={orderId} />}
      </div>
      {open === 'payment' && <PaymentForm orderId={orderId} due={money.due} onDone={() => setOpen(null)} />}
      {open === 'refund' && <RefundForm orderId={orderId} onDone={() => setOpen(null)} />}
    </div>
  );
}

/** A refusal's own message (already in the reader's language), when the server gave one. */
const refusal = (error: unknown): string | null => (isApiError(error) && error.status < 500 && error.message ? error.message : null);

function PaymentForm({ orderId, due, onDone }: { orderId: number; due: number; onDone: () => void }) {
  const { t } = useTranslation('admin-money');
  const record = useRecordPayment(orderId);
  const form = useShopForm(paymentForm, {
    defaultValues: { method: 'card_terminal', amount: String(due), reference: '' },
    save: async (body) => {
      await record.mutateAsync(body);
      onDone();
    },
    saved: t('payments.recorded'),
  });
  return (
    <ShopForm form={form} className="grid gap-3 sm:grid-cols-3">
      <SelectField
        label={t('payments.method')}
        value={form.watch('method')}
        onChange={(value) => form.setValue('method', value as (typeof STAFF_PAYMENT_METHODS)[number])}
        options={STAFF_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payments.methods.${m}`) }))}
      />
      <Field label={t('payments.amount')} inputMode="decimal" dir="ltr" required {...form.field('amount')} />
      <Field label={t('payments.reference')} dir="auto" {...form.field('reference')} />
      <div className="sm:col-span-3">
        <SubmitButton form={form}>{t('payments.save')}</SubmitButton>
      </div>
    </ShopForm>
  );
}

function RefundForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation('admin-money');
  const refund = useRecordRefund(orderId);
  const form = useShopForm(refundForm, {
    defaultValues: { amount: '', reason: '' },
    save: async (body) => {
      await refund.mutateAsync(body);
      onDone();
    },
    saved: t('payments.refunded'),
  });
  return (
    <ShopForm form={form} className="grid gap-3 sm:grid-cols-3">
      <Field label={t('payments.amount')} inputMode="decimal" dir="ltr" required {...form.field('amount')} />
      <div className="sm:col-span-2">
        <Field label={t('payments.reason')} dir="auto" required {...form.field('reason')} />
      </div>
      <div className="sm:col-span-3">
        <SubmitButton form={form}>{t('payments.saveRefund')}</SubmitButton>
      </div>
    </ShopForm>
  );
}

function InvoiceButton({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('admin-money');
  const issue = useIssueInvoice(orderId);
  const [busy, setBusy] = useState(false);
  /** The invoice PDF in French or Arabic (the words of the `receipt` namespace in that language, loaded now). */
  const download = async (language: 'fr' | 'ar') => {
    if (!issue.data) return;
    setBusy(true);
    try {
      await i18n.loadLanguages(language);
      await i18n.loadNamespaces('receipt');
      const { downloadInvoice } = await import('./download-invoice');
      await downloadInvoice(issue.data, i18n.getFixedT(language, 'receipt'), language);
    } catch {
      toast.error(t('invoice.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        disabled={issue.isPending}
        onClick={() => issue.mutate(undefined, { onError: (error) => toast.error(refusal(error) ?? t('payments.failed')) })}
      >
        {t('invoice.issue')}
      </Button>
      {issue.data && (
        <div role="status" className="flex basis-full flex-wrap items-center gap-2 text-sm text-ink">
          <span>
            {t('invoice.number')}{' '}
            <bdi dir="ltr" className="font-semibold" data-testid="invoice-number">
              {issue.data.number}
            </bdi>
          </span>
          {(['fr', 'ar'] as const).map((language) => (
            <Button key={language} type="button" variant="ghost" disabled={busy} onClick={() => void download(language)}>
              <Download aria-hidden="true" className="size-4" />
              {t(`invoice.download.${language}`)}
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
