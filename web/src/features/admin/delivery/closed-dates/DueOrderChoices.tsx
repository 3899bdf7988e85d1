/**
 * The orders due on a day being closed, each with what staff need to decide (number, buyer and
 * recipient, city or pick-up, slot, notes and card message cut short) and its choice: move it to the
 * next open day, in its own slot or another of that day, or keep it on the closed day.
 */
import { AlertCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DueOrder, DueOrders } from '@shared/schemas/delivery-admin';
import { cn } from '@web/components/ui/cn';
import { slotsFor, type DueAction, type DueChoice, type ResolvedChoice } from './due-choices';

/** How much of a note or a card message the list shows (the whole text in its title). */
const SHORT = 80;
const short = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1).trimEnd()}…` : text);

function OrderChoice({
  order,
  due,
  choice,
  closedDay,
  nextDay,
  onChange,
}: {
  order: DueOrder;
  due: DueOrders;
  choice: ResolvedChoice;
  closedDay: string;
  nextDay: string | null;
  onChange: (change: Partial<DueChoice>) => void;
}) {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  const slots = slotsFor(order, due.next_day_slots);
  // Its own slot stays a choice even when the shop no longer offers it (the order keeps it).
  const own = order.delivery_slot;
  const options = own && !slots.some((s) => s.key === own.key) ? [{ key: own.key, label: own.label, left: null }, ...slots] : slots;
  const notes = [
    order.order_notes && { label: t('closed.dueNotes'), text: order.order_notes },
    order.gift_message && { label: t('closed.dueGift'), text: order.gift_message },
  ].filter((n): n is { label: string; text: string } => Boolean(n));
  const set = (action: DueAction) => onChange({ action });
  return (
    <li className="space-y-2 rounded-xl border border-line bg-surface p-3 text-ink" data-testid={`due-order-${order.id}`}>
      <p className="font-medium break-words">
        <Link to={`/admin/orders/edit/${order.id}`} className="underline underline-offset-2">
          #{order.id}
        </Link>{' '}
        · <bdi>{order.customer_name}</bdi>
        {order.recipient_name && order.recipient_name !== order.customer_name && (
          <>
            {' '}
            · {t('closed.dueFor')} <bdi>{order.recipient_name}</bdi>
          </>
        )}{' '}
        · <bdi>{order.delivery_method === 'pickup' ? t('closed.duePickup') : order.delivery_city}</bdi>
      </p>
      <p className="text-sm text-muted">
        {own ? (
          <>
            {t('closed.dueSlot')} <bdi>{own.label}</bdi>
          </>
        ) : (
          t('closed.dueNoSlot')
        )}
      </p>
      {notes.map((n) => (
        <p key={n.label} className="text-sm break-words text-muted" title={n.text}>
          {n.label} <bdi className="text-ink">{short(n.text)}</bdi>
        </p>
      ))}
      <fieldset>
        <legend className="sr-only">{t('closed.dueWhat', { id: order.id })}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {nextDay && (
            <label className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-action`}
                className="size-5 accent-primary"
                checked={choice.action === 'move'}
                onChange={() => set('move')}
              />
              {t('closed.dueMoveOne', { date: nextDay })}
            </label>
          )}
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-action`}
              className="size-5 accent-primary"
              checked={choice.action === 'keep'}
              onChange={() => set('keep')}
            />
            {t('closed.dueKeepOne', { date: closedDay })}
          </label>
        </div>
      </fieldset>
      {choice.action === 'move' && nextDay && choice.slot !== null && options.length > 0 && (
        <div className="space-y-1">
          <label htmlFor={`${id}-slot`} className="text-sm font-medium">
            {t('closed.dueTargetSlot', { date: nextDay, id: order.id })}
          </label>
          <select
            id={`${id}-slot`}
            value={choice.slot}
            onChange={(e) => onChange({ slot: e.target.value })}
            aria-invalid={choice.full || undefined}
            aria-describedby={choice.full ? `${id}-full` : undefined}
            className={cn(
              'block w-full rounded-xl border bg-surface px-3 py-2 text-base text-ink focus:outline-2 focus:outline-primary',
              choice.full ? 'border-danger' : 'border-line',
            )}
          >
            {options.map((s) => (
              <option key={s.key} value={s.key}>
                {s.left === 0 ? t('closed.dueSlotFull', { slot: s.label }) : s.label}
              </option>
            ))}
          </select>
          {choice.full && (
            <p id={`${id}-full`} className="flex items-start gap-1.5 text-sm text-danger">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{t('closed.dueSlotFullHere', { date: nextDay })}</span>
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** The list of due orders with a choice for each; `closedDay` and `nextDay` come written for the reader. */
export function DueOrderChoices({
  due,
  choices,
  closedDay,
  nextDay,
  onChange,
}: {
  due: DueOrders;
  choices: Map<number, ResolvedChoice>;
  closedDay: string;
  nextDay: string | null;
  onChange: (orderId: number, change: Partial<DueChoice>) => void;
}) {
  return (
    <ul className="space-y-2">
      {due.orders.map((o) => (
        <OrderChoice
          key={o.id}
          order={o}
          due={due}
          choice={choices.get(o.id)!}
          closedDay={closedDay}
          nextDay={nextDay}
          onChange={(change) => onChange(o.id, change)}
        />
      ))}
    </ul>
  );
}
