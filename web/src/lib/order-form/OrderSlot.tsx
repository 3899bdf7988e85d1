/**
 * An order's time slot as its reader sees it (the label the order kept, in the reader's language) and
 * whether it is collected at the shop: the confirmation, the customer's order page and the back office.
 */
import { useTranslation } from 'react-i18next';
import type { OrderSlot } from '@shared/schemas/delivery-slots';

type Props = { method?: 'delivery' | 'pickup' | undefined; slot?: OrderSlot | null | undefined };

/** True when there is something to show: a slot, or a pick-up. */
export const hasSlotFacts = ({ method, slot }: Props) => Boolean(slot) || method === 'pickup';

export function OrderSlotText({ method, slot }: Props) {
  const { t } = useTranslation('delivery-slots');
  return (
    <span data-testid="order-slot">
      {method === 'pickup' && <span className="block font-medium">{t('pickupOnOrder')}</span>}
      {slot && <bdi>{slot.label}</bdi>}
    </span>
  );
}

/** The confirmation's line: "Time slot: 9:00 – 12:00", after "Pick-up at the shop" for a pick-up. */
export function OrderSlotLine(props: Props) {
  const { t } = useTranslation('delivery-slots');
  if (!hasSlotFacts(props)) return null;
  return (
    <p className="text-ink" data-testid="order-slot">
      {props.method === 'pickup' && <span className="block font-medium">{t('pickupOnOrder')}</span>}
      {props.slot && t('onOrder', { slot: props.slot.label })}
    </p>
  );
}
