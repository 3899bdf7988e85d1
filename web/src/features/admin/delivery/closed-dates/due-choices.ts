/**
 * What staff choose for each order due on a day being closed (docs/DECISIONS.md "Closing a day order
 * by order"): move it to the next open day (the default when there is one) in its own slot or another
 * of that day, or keep it on the closed day. Pure, so the dialog and its tests share it.
 */
import { slotOfferedFor } from '@shared/delivery-slots';
import type { DueOrder, DueOrderDecision, DueOrders, TargetSlot } from '@shared/schemas/delivery-admin';

export type DueAction = 'move' | 'keep';

/** One order's choice: the action and, when moving an order with a slot, the slot it takes that day. */
export interface DueChoice {
  action: DueAction;
  /** A slot key of the target day; null: the order has no slot (it moves without one). */
  slot: string | null;
}

/** Staff's own choices, by order id (an order not in it takes the default). */
export type DueOverrides = Readonly<Record<number, Partial<DueChoice>>>;

/** The slots of the target day an order may take (a delivery: the ones its zone offers). */
export const slotsFor = (order: DueOrder, slots: readonly TargetSlot[]): TargetSlot[] =>
  slots.filter((s) => slotOfferedFor(s.zone_ids, { method: order.delivery_method, zoneId: order.delivery_zone_id }));

export interface ResolvedChoice extends DueChoice {
  /** Moving into a slot that has no room left once the orders listed before it took theirs. */
  full: boolean;
}

/**
 * Each listed order's choice, in list order: staff's own, else move (keep when there is no open day to
 * move to) in its own slot when that slot still has room after the orders before it, else the first
 * slot it may take that has, else its own (shown full). Room is counted as the orders are read.
 */
export function resolveChoices(due: DueOrders, overrides: DueOverrides): Map<number, ResolvedChoice> {
  const used = new Map<string, number>();
  const left = (key: string) => {
    const slot = due.next_day_slots.find((s) => s.key === key);
    return slot?.left === null || slot === undefined ? Infinity : slot.left - (used.get(key) ?? 0);
  };
  const out = new Map<number, ResolvedChoice>();
  for (const order of due.orders) {
    const own = overrides[order.id] ?? {};
    const action: DueAction = due.next_open_day ? (own.action ?? 'move') : 'keep';
    let slot = own.slot ?? null;
    if (!slot && order.delivery_slot) {
      const mine = order.delivery_slot.key;
      const roomy = slotsFor(order, due.next_day_slots).find((s) => left(s.key) > 0);
      slot = left(mine) > 0 || !roomy ? mine : roomy.key;
    }
    const full = action === 'move' && slot !== null && left(slot) <= 0;
    if (action === 'move' && slot !== null) used.set(slot, (used.get(slot) ?? 0) + 1);
    out.set(order.id, { action, slot, full });
  }
  return out;
}

/** The close request's `decisions`: one per listed order; a slot only when it differs from the order's own. */
export function decisionsOf(due: DueOrders, choices: Map<number, ResolvedChoice>): DueOrderDecision[] {
  return due.orders.map((order) => {
    const c = choices.get(order.id)!;
    const slot = c.action === 'move' && c.slot !== null && c.slot !== order.delivery_slot?.key ? { slot: c.slot } : {};
    return { id: order.id, action: c.action, ...slot };
  });
}
