/**
 * One order on the workshop sheet: number, status and what the driver collects; the recipient with a
 * phone to tap (call or WhatsApp) and, when someone else ordered, the sender; the address as typed, in
 * its own direction (a French street stays in order in the Arabic back office); the lines with their
 * colours; the card's words, the substitution choice and the notes; then the one-tap buttons.
 */
import { PhoneCall, Truck, PackageCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderStatus } from '@shared/constants';
import type { WorkshopOrder } from '@shared/schemas/workshop';
import { Button } from '@web/components/ui/Button';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { PhoneLinks } from '../components/PhoneLinks';
import { CollectCashButton } from '../money/CollectCashButton';
import { useMoney } from '../components/format';
import { WorkshopBench } from './WorkshopBench';
import { CustomerMessages } from './CustomerMessages';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-3 sm:grid-cols-[8rem_1fr]">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function WorkshopOrderCard({ order: o, busy, onMark }: { order: WorkshopOrder; busy: boolean; onMark: (to: OrderStatus) => void }) {
  const { t } = useTranslation('admin-sales');
  const { t: ts } = useTranslation('delivery-slots');
  const money = useMoney();
  const toCollect = o.payment_method === 'cash_on_delivery' && o.payment_status !== 'paid';
  const done = o.order_status === 'delivered';
  return (
    <li
      data-testid={`workshop-order-${o.id}`}
      className={`workshop-order rounded-card border bg-surface p-3 text-sm ${done ? 'border-emerald-300' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={`/admin/orders/edit/${o.id}`} className="font-semibold text-primary hover:underline">
          #{o.id}
        </Link>
        <StatusBadge status={o.order_status} />
        <span className={toCollect ? 'font-semibold text-ink' : 'text-muted'}>
          {toCollect ? t('workshop.collect', { amount: money(o.total_amount) }) : t('workshop.paid')}
        </span>
      </div>
      <dl className="mt-2 space-y-1">
        {o.delivery_slot && (
          <Fact label={ts('slot')}>
            <bdi>{o.delivery_slot}</bdi>
          </Fact>
        )}
        <Fact label={t('workshop.recipient')}>
          <bdi dir="auto">{o.recipient_name ?? o.customer_name}</bdi> · <PhoneLinks phone={o.recipient_phone ?? o.customer_phone} />
        </Fact>
        {o.recipient_name && (
          <Fact label={t('workshop.sender')}>
            <bdi dir="auto">{o.customer_name}</bdi>
            {o.anonymous_sender && <span className="text-muted"> ({t('workshop.anonymous')})</span>} ·{' '}
            <PhoneLinks phone={o.customer_phone} />
          </Fact>
        )}
        <Fact label={t('workshop.address')}>
          {/* One isolate for the whole line: a French address reads left to right as one piece on an
              Arabic sheet (street, postcode, city), an Arabic one right to left. */}
          <bdi dir="auto">{[o.street, [o.postal_code, o.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</bdi>
        </Fact>
        <Fact label={t('workshop.items')}>
          <ul>
            {o.items.map((i, n) => (
              <li key={n} className="flex flex-wrap items-center gap-x-1.5">
                <span>
                  {i.quantity} × <bdi>{i.name}</bdi>
                </span>
                {i.color && (
                  <span className="inline-flex items-center gap-1 text-muted">
                    {i.color_hex && (
                      <span
                        aria-hidden="true"
                        className="inline-block size-3 rounded-full border border-line"
                        style={{ backgroundColor: i.color_hex }}
                      />
                    )}
                    <bdi>{i.color}</bdi>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Fact>
        {o.is_customized && o.custom_instructions && (
          <Fact label={t('workshop.custom')}>
            <bdi dir="auto" className="whitespace-pre-line">
              {o.custom_instructions}
            </bdi>
          </Fact>
        )}
        {o.gift_message && (
          <Fact label={t('workshop.gift')}>
            <bdi dir="auto" className="whitespace-pre-line italic">
              {o.gift_message}
            </bdi>
          </Fact>
        )}
        <Fact label={t('workshop.substitution')}>
          {o.substitution === 'call_first' ? (
            <span className="inline-flex items-center gap-1 font-semibold text-danger">
              <PhoneCall aria-hidden="true" className="size-4" />
              {t('workshop.substitution_call_first')}
            </span>
          ) : (
            t('workshop.substitution_similar')
          )}
        </Fact>
        {o.order_notes && (
          <Fact label={t('workshop.notes')}>
            <bdi dir="auto" className="whitespace-pre-line">
              {o.order_notes}
            </bdi>
          </Fact>
        )}
      </dl>
      <WorkshopBench order={o} />
      {toCollect && o.order_status !== 'cancelled' && (
        <div className="mt-3 print:hidden">
          <CollectCashButton orderId={o.id} />
        </div>
      )}
      <CustomerMessages orderId={o.id} collapsible className="mt-2" />
      {!done && (
        <div className="mt-3 flex flex-wrap gap-2 print:hidden">
          {o.order_status !== 'on_delivery' && (
            <Button variant="secondary" onClick={() => onMark('on_delivery')} disabled={busy}>
              <Truck aria-hidden="true" className="size-4" />
              {t('workshop.markOnDelivery')}
            </Button>
          )}
          <Button onClick={() => onMark('delivered')} disabled={busy}>
            <PackageCheck aria-hidden="true" className="size-4" />
            {t('workshop.markDelivered')}
          </Button>
        </div>
      )}
    </li>
  );
}
