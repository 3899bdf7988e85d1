/**
 * Delivery slots, shared by the server (slot list, checkout) and the web (labels): pure functions.
 * A slot is a part of the shop's delivery day in shop time (Africa/Casablanca), `HH:MM` to `HH:MM`.
 * - its label is its own name in the language when the shop gave one, else written from its times
 *   (fr `9h – 12h`, en `9:00 – 12:00`, ar `9:00 – 12:00` read right to left);
 * - a slot of today is past once it has started (the florist needs the slot's whole span to deliver);
 *   a slot of an earlier day is past.
 */
import type { Locale } from './constants.js';
import { shopClock } from './delivery-date.js';

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** `HH:MM`, 00:00 to 23:59. */
export const SLOT_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** One time of a label: fr `9h`/`9h30`, en and ar `9:00`. */
function timeLabel(time: string, locale: Locale): string {
  const [h, m] = time.split(':') as [string, string];
  const hour = String(Number(h));
  if (locale === 'fr') return m === '00' ? `${hour}h` : `${hour}h${m}`;
  return `${hour}:${m}`;
}

/** A slot's label written from its times in `locale`. */
export function slotTimesLabel(starts: string, ends: string, locale: Locale): string {
  return `${timeLabel(starts, locale)} – ${timeLabel(ends, locale)}`;
}

/** A slot's label in `locale`: its own name when the shop gave one, else its times. */
export function slotLabel(
  slot: { starts: string; ends: string; names: { fr: string; en: string; ar: string } | null },
  locale: Locale,
): string {
  const own = slot.names?.[locale]?.trim();
  return own || slotTimesLabel(slot.starts, slot.ends, locale);
}

/** The label in every language (what an order keeps). */
export function slotLabels(slot: { starts: string; ends: string; names: { fr: string; en: string; ar: string } | null }) {
  return { fr: slotLabel(slot, 'fr'), en: slotLabel(slot, 'en'), ar: slotLabel(slot, 'ar') };
}

/**
 * May an order take a slot offered in `zoneIds` (empty: every zone)? A pick-up any slot; a delivery one
 * its zone offers (any when its zone is gone).
 */
export const slotOfferedFor = (zoneIds: readonly number[], order: { method: string; zoneId: number | null }): boolean =>
  order.method === 'pickup' || order.zoneId === null || zoneIds.length === 0 || zoneIds.includes(order.zoneId);

/** Has the slot of `day` (YYYY-MM-DD) already started at `now`, shop time? */
export function slotIsPast(day: string, starts: string, now: Date): boolean {
  const clock = shopClock(now);
  if (day < clock.date) return true;
  if (day > clock.date) return false;
  const [h, m] = starts.split(':').map(Number) as [number, number];
  return clock.hour * 60 + clock.minute >= h * 60 + m;
}
