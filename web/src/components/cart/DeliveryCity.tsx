import { Info } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { moneyInText } from '@shared/money';
import type { DeliveryZone } from '@shared/schemas/delivery';
import { Skeleton } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { useSetDeliveryCity, type CartSummary } from '@web/lib/cart/api';
import { useDeliveryZones } from '@web/lib/delivery';
import { Modal } from '@web/components/ui/Modal';
import { readString, writeString } from '@web/lib/storage';

/** The last delivery city chosen in this browser: an order empties the cart, the next one starts with it. */
const LAST_CITY_KEY = 'last_delivery_city';

/** "40,00 MAD" or "50-70 MAD depending on the area, confirmed by phone". */
export function useZoneFee() {
  const { t, i18n } = useTranslation('cart');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (zone: DeliveryZone) =>
    zone.fee_max != null && zone.fee_max > zone.fee
      ? t('delivery.range', { min: zone.fee, max: zone.fee_max })
      : moneyInText(zone.fee, locale);
}

export function DeliveryPricesModal({ open, onClose, zones }: { open: boolean; onClose: () => void; zones: DeliveryZone[] }) {
  const { t, i18n } = useTranslation('cart');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const fee = useZoneFee();
  return (
    <Modal open={open} onClose={onClose} title={t('delivery.modalTitle')} closeLabel={t('delivery.close')}>
      <p className="mb-4 text-sm text-muted">{t('delivery.modalIntro')}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line text-start text-muted">
            <th scope="col" className="py-2 text-start font-medium">
              {t('delivery.cityCol')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('delivery.feeCol')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('delivery.freeCol')}
            </th>
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <tr key={zone.id} className="border-b border-line/70 align-top">
              <th scope="row" className="py-2 pe-3 text-start font-medium text-ink">
                {zone.name}
              </th>
              <td className="py-2 pe-3">
                <bdi>{fee(zone)}</bdi>
              </td>
              <td className="py-2">
                {zone.free_threshold != null ? (
                  <bdi>{t('delivery.freeFrom', { amount: moneyInText(zone.free_threshold, locale) })}</bdi>
                ) : (
                  <span aria-hidden="true">{t('delivery.noFree')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

/** The city selector of the cart: the server computes shipping from the chosen zone. */
export function DeliveryCitySelect({ summary, disabled, error }: { summary: CartSummary; disabled?: boolean; error?: string | null }) {
  const { t } = useTranslation('cart');
  const zones = useDeliveryZones();
  const setCity = useSetDeliveryCity();
  const [open, setOpen] = useState(false);
  const id = useId();
  const current = summary.delivery_city;
  const fee = useZoneFee();
  const choose = (zoneId: number) => {
    writeString(LAST_CITY_KEY, String(zoneId));
    setCity.mutate(zoneId, { onError: () => toast.error(t('delivery.failed')) });
  };
  // The city is chosen once: a new cart (after an order) gets the last one again, if it is still delivered to.
  const last = Number(readString(LAST_CITY_KEY));
  const lastZone = !current && zones.data?.find((zone) => zone.id === last);
  useEffect(() => {
    if (lastZone && !disabled && setCity.isIdle) setCity.mutate(lastZone.id);
  }, [lastZone, disabled, setCity]);

  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('delivery.city')}
        </label>
        <button
          type="button"
          onClick={() => setOpen(true)}
          disabled={!zones.data}
          className="inline-flex items-center gap-1 text-sm text-primary underline-offset-2 hover:underline disabled:opacity-50"
        >
          <Info aria-hidden="true" className="size-4" />
          {t('delivery.prices')}
        </button>
      </div>
      {zones.isPending ? (
        <Skeleton className="h-11 w-full rounded-full" />
      ) : zones.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('delivery.zonesFailed')}
        </p>
      ) : (
        <select
          id={id}
          value={current?.id ?? ''}
          disabled={disabled || setCity.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const zoneId = Number(e.target.value);
            if (zoneId) choose(zoneId);
          }}
          className="min-h-11 w-full rounded-full border border-line bg-surface px-4 text-sm focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/30 aria-[invalid]:border-danger"
        >
          <option value="">{t('delivery.choose')}</option>
          {zones.data.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name} — {fee(zone)}
            </option>
          ))}
        </select>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {current && current.fee_max != null && current.fee_max > current.fee && (
        <p className="mt-1 text-xs text-muted">{t('delivery.range', { min: current.fee, max: current.fee_max })}</p>
      )}
      {current && current.free_threshold != null && summary.subtotal < current.free_threshold && (
        <p className="mt-1 text-xs text-muted">
          <FreeHint amount={current.free_threshold - summary.subtotal} />
        </p>
      )}
      {zones.data && <DeliveryPricesModal open={open} onClose={() => setOpen(false)} zones={zones.data} />}
    </div>
  );
}

function FreeHint({ amount }: { amount: number }) {
  const { t, i18n } = useTranslation('cart');
  return (
    <>{t('delivery.freeHint', { amount: moneyInText(Math.round(amount * 100) / 100, toLocale(i18n.resolvedLanguage ?? i18n.language)) })}</>
  );
}
