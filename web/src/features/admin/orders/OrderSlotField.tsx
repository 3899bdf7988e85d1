/**
 * The edit page's time slot: the slots of the day in the date field (GET /api/delivery/slots, the
 * order's zone; a pick-up sees every slot), each full one or one of a closed day showing why and not
 * choosable, except the order's own slot on its own day (it holds its place already). A slot that has
 * started may be chosen: staff agree a late delivery with the customer. A slot the shop no longer offers
 * stays listed while the order has it. The server checks the choice again when saving (422 under it).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import type { DeliverySlot } from '@shared/schemas/delivery-slots';
import { api } from '@web/lib/api';
import { SelectField } from '../components/SelectField';

export function OrderSlotField({
  order,
  day,
  value,
  error,
  onChange,
}: {
  order: AdminOrderDetail;
  /** The day in the date field (YYYY-MM-DD), or empty. */
  day: string;
  value: string;
  error?: string | undefined;
  onChange: (key: string) => void;
}) {
  const { t, i18n } = useTranslation(['delivery-slots', 'admin-sales']);
  const pickup = order.delivery_method === 'pickup';
  const city = pickup ? null : (order.delivery_zone_id ?? null);
  const slots = useQuery({
    queryKey: ['delivery', 'slots', day, city, i18n.language],
    queryFn: ({ signal }) => api.get<DeliverySlot[]>(`/delivery/slots?date=${day}${city ? `&city=${city}` : ''}`, { signal }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  const own = order.delivery_slot;
  const list = slots.data ?? [];
  // Nothing to choose: the shop has no slot (and the order none).
  if (list.length === 0 && !own) return null;
  const options = list.map((s) => {
    const holds = s.key === own?.key && day === order.delivery_date;
    // Staff may choose a slot that has started (the server allows it for an edit); not a full one or a closed day.
    return holds || s.available || s.reason === 'past'
      ? { value: s.key, label: s.label }
      : { value: s.key, label: t('unavailable', { label: s.label, reason: t(`reason_${s.reason ?? 'full'}`) }), disabled: true };
  });
  if (own && !list.some((s) => s.key === own.key)) options.unshift({ value: own.key, label: own.label });
  return (
    <SelectField
      label={t('slot')}
      value={value}
      onChange={onChange}
      error={error}
      hint={pickup ? t('admin-sales:edit.slotPickupHint') : undefined}
      placeholder={own ? undefined : t('admin-sales:edit.slotNone')}
      options={options}
    />
  );
}
