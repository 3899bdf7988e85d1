/** The default choice of each due order (room counted in list order, zones respected) and the decisions sent. */
import { describe, expect, it } from 'vitest';
import type { DueOrder, DueOrders } from '@shared/schemas/delivery-admin';
import { decisionsOf, resolveChoices } from './due-choices';

const order = (id: number, more: Partial<DueOrder> = {}): DueOrder => ({
  id,
  customer_name: 'Salma',
  recipient_name: null,
  delivery_city: 'Rabat',
  delivery_method: 'delivery',
  delivery_zone_id: 2,
  order_status: 'confirmed',
  delivery_slot: { key: 'am', label: 'Morning' },
  order_notes: null,
  gift_message: null,
  ...more,
});

const due = (orders: DueOrder[], next: string | null = '2030-01-21'): DueOrders => ({
  orders,
  total: orders.length,
  next_open_day: next,
  next_day_slots: [
    { key: 'am', label: 'Morning', left: 1, zone_ids: [] },
    { key: 'noon', label: 'Noon', left: null, zone_ids: [1] },
    { key: 'pm', label: 'Evening', left: 1, zone_ids: [] },
  ],
});

describe('the choices of a day being closed', () => {
  it('moves each order in its own slot while it has room, else the first slot its zone offers with room, else its own marked full', () => {
    const d = due([
      order(1),
      order(2),
      order(3),
      order(4, { delivery_method: 'pickup', delivery_zone_id: null }),
      order(5, { delivery_slot: null }),
    ]);
    const c = resolveChoices(d, {});
    expect([...c.values()]).toEqual([
      { action: 'move', slot: 'am', full: false },
      // Zone 2 is not offered the noon slot.
      { action: 'move', slot: 'pm', full: false },
      { action: 'move', slot: 'am', full: true },
      // A pick-up may take any slot.
      { action: 'move', slot: 'noon', full: false },
      { action: 'move', slot: null, full: false },
    ]);
  });

  it('follows staff’s own choices, and sends a slot only when it differs from the order’s own', () => {
    const d = due([order(1), order(2), order(3)]);
    const c = resolveChoices(d, { 1: { action: 'keep' }, 3: { slot: 'pm' } });
    expect(decisionsOf(d, c)).toEqual([
      { id: 1, action: 'keep' },
      { id: 2, action: 'move' },
      { id: 3, action: 'move', slot: 'pm' },
    ]);
  });

  it('keeps every order when there is no open day to move to', () => {
    const d = due([order(1)], null);
    expect(resolveChoices(d, { 1: { action: 'move' } }).get(1)?.action).toBe('keep');
  });
});
