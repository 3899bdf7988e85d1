/**
 * A returning customer found from the phone typed in a staff order: once the number is whole, the
 * person (account or past guest) with that number is shown, and their name, past delivery addresses
 * and recipients are each one tap away, with their last orders to repeat. Nothing is filled without
 * a tap: the person on the line may be someone else using the same phone.
 */
import { History, MapPin, UserCheck, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '@web/components/ui/Price';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import type { OrderStatus } from '@shared/constants';
import type { useShopForm } from '@web/lib/forms';
import { formatShopDate } from '@web/lib/format';
import { useLocale } from '../components/format';
import { LOOKUP_MIN_DIGITS, usePhoneLookup } from './front-desk-api';
import type { NewOrderValues } from './new-order-form';
import { RepeatOrderLink } from './RepeatOrderLink';

type Form = ReturnType<typeof useShopForm<import('zod').ZodType<NewOrderValues, NewOrderValues>>>;

const chip =
  'inline-flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-line bg-surface px-3 py-1.5 text-start text-sm text-ink hover:border-primary focus-visible:outline-2 focus-visible:outline-primary';

export function ReturningCustomer({ form }: { form: Form }) {
  const { t } = useTranslation('admin-front-desk');
  const locale = useLocale();
  const typed = form.watch('customer.phone');
  const [phone, setPhone] = useState(typed.trim());
  useEffect(() => {
    const timer = setTimeout(() => setPhone(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const lookup = usePhoneLookup(phone);
  const data = lookup.data;
  if (phone.replace(/\D/g, '').length < LOOKUP_MIN_DIGITS || !data) return null;
  const set = (name: Parameters<Form['setValue']>[0], value: string | boolean) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  if (data.people.length === 0 && data.orders.length === 0) {
    return (
      <p className="text-sm text-muted sm:col-span-2" aria-live="polite" data-testid="returning-none">
        {t('lookup.none')}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="returning-title"
      className="min-w-0 space-y-3 rounded-xl border border-primary/40 bg-primary-soft/40 p-3 sm:col-span-2"
      data-testid="returning-customer"
    >
      <h3 id="returning-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <UserCheck aria-hidden="true" className="size-4" />
        {t('lookup.title')}
      </h3>
      {data.people.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {data.people.map((p) => (
            <li key={`${p.kind}-${p.id}`} className="min-w-0">
              <button
                type="button"
                className={chip}
                onClick={() => {
                  set('customer.name', p.name);
                  if (p.email) set('customer.email', p.email);
                }}
              >
                <UserRound aria-hidden="true" className="size-4 shrink-0" />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {t('lookup.usePerson')} <bdi className="font-medium">{p.name}</bdi>
                  {p.email && (
                    <>
                      {' · '}
                      <bdi>{p.email}</bdi>
                    </>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data.addresses.length > 0 && (
        <div>
          <h4 className="mb-1 text-xs font-medium text-muted">{t('lookup.addresses')}</h4>
          <ul className="flex flex-wrap gap-2">
            {data.addresses.map((a, i) => (
              <li key={i} className="min-w-0">
                <button
                  type="button"
                  className={chip}
                  onClick={() => {
                    set('address.street', a.street);
                    set('address.postal_code', a.postal_code);
                    set('address.country', a.country);
                    if (a.delivery_zone_id) set('delivery_zone_id', String(a.delivery_zone_id));
                  }}
                >
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  <bdi className="min-w-0 [overflow-wrap:anywhere]">{`${a.street}, ${a.postal_code} ${a.city}`}</bdi>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.recipients.length > 0 && (
        <div>
          <h4 className="mb-1 text-xs font-medium text-muted">{t('lookup.recipients')}</h4>
          <ul className="flex flex-wrap gap-2">
            {data.recipients.map((r, i) => (
              <li key={i} className="min-w-0">
                <button
                  type="button"
                  className={chip}
                  onClick={() => {
                    set('recipient_enabled', true);
                    set('recipient.name', r.name);
                    set('recipient.phone', r.phone ?? '');
                  }}
                >
                  <UserRound aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {t('lookup.sendTo')} <bdi className="font-medium">{r.name}</bdi>
                    {r.phone && (
                      <>
                        {' · '}
                        <bdi dir="ltr">{r.phone}</bdi>
                      </>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.orders.length > 0 && (
        <div>
          <h4 className="mb-1 flex items-center gap-1 text-xs font-medium text-muted">
            <History aria-hidden="true" className="size-3.5" />
            {t('lookup.orders')}
          </h4>
          <ul className="divide-y divide-line">
            {data.orders.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5 text-sm">
                <span className="font-medium text-ink">#{o.id}</span>
                <span className="text-muted">{formatShopDate(locale, o.created_at)}</span>
                <StatusBadge status={o.order_status as OrderStatus} />
                <Price amount={o.total_amount} />
                <span className="ms-auto">
                  <RepeatOrderLink orderId={o.id} variant="ghost" />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
