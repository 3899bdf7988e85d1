/**
 * Delivery date rules, shared by the server (checkout) and the web date picker. Pure functions: the
 * clock is passed in. The shop's clock is Africa/Casablanca whatever the server's or browser's time
 * zone:
 * - the date is optional; left empty the order goes out the same day when placed before 15:00 shop
 *   time, otherwise the next day (moved past closed dates);
 * - a chosen date is tomorrow or later (shop time), not a closed date, at most 90 days ahead.
 * Dates are ISO calendar dates `YYYY-MM-DD`.
 */
import { SAME_DAY_CUTOFF_HOUR, SHOP_TIME_ZONE } from './constants.js';

/** How far ahead a customer may book a delivery. */
export const MAX_DELIVERY_DAYS_AHEAD = 90;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

let formatter: Intl.DateTimeFormat | undefined;
/** The last answer and its minute: a checkout asks several times a request (formatToParts is slow). */
let last: { minute: number; clock: { date: string; hour: number; minute: number } } | undefined;

/** The shop's calendar date and hour at `now`. */
export function shopClock(now: Date): { date: string; hour: number; minute: number } {
  // Time zones change their offset on whole minutes, so one answer holds for its UTC minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (last?.minute === minute) return { ...last.clock };
  formatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(formatter.formatToParts(now).map((p) => [p.type, p.value]));
  const clock = { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
  last = { minute, clock };
  return { ...clock };
}

/** True for a real calendar date written `YYYY-MM-DD` (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The shop's today, the first and last dates a customer may choose. */
export function selectableRange(now: Date): { today: string; earliest: string; latest: string } {
  const today = shopClock(now).date;
  return { today, earliest: addDays(today, 1), latest: addDays(today, MAX_DELIVERY_DAYS_AHEAD) };
}

export type DeliveryDateProblem = 'invalid' | 'too_soon' | 'closed' | 'too_far';

/** Why a chosen date is refused, or null when it is fine. ISO strings compare as dates. */
export function deliveryDateProblem(date: string, now: Date, closedDates: Iterable<string> = []): DeliveryDateProblem | null {
  if (!isIsoDate(date)) return 'invalid';
  const { earliest, latest } = selectableRange(now);
  if (date < earliest) return 'too_soon';
  if (date > latest) return 'too_far';
  for (const closed of closedDates) if (closed === date) return 'closed';
  return null;
}

/**
 * When an order without a chosen date goes out: today before the cut-off hour (shop time), else
 * tomorrow; then the first day that is not a closed date.
 */
export function expectedDeliveryDate(now: Date, closedDates: Iterable<string> = []): string {
  const clock = shopClock(now);
  const closed = new Set(closedDates);
  let date = clock.hour < SAME_DAY_CUTOFF_HOUR ? clock.date : addDays(clock.date, 1);
  for (let i = 0; i < 366 && closed.has(date); i++) date = addDays(date, 1);
  return date;
}
