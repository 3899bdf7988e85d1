import { describe, expect, it } from 'vitest';
import {
  addDays,
  deliveryDateProblem,
  expectedDeliveryDate,
  isIsoDate,
  MAX_DELIVERY_DAYS_AHEAD,
  selectableRange,
  shopClock,
} from './delivery-date.js';

// Morocco is UTC+1, except around Ramadan (UTC+0): the shop clock must follow it.
const at = (iso: string) => new Date(iso);

describe('shop clock (Africa/Casablanca)', () => {
  it('reads the shop date and hour whatever the server time zone', () => {
    expect(shopClock(at('2025-06-10T13:59:00Z'))).toEqual({ date: '2025-06-10', hour: 14, minute: 59 });
    // 23:30 UTC is already tomorrow in Casablanca (UTC+1).
    expect(shopClock(at('2025-06-10T23:30:00Z')).date).toBe('2025-06-11');
    // During Ramadan 2025 Morocco is on UTC+0.
    expect(shopClock(at('2025-03-10T14:30:00Z'))).toEqual({ date: '2025-03-10', hour: 14, minute: 30 });
  });

  it('validates ISO dates and adds days across months and years', () => {
    expect(isIsoDate('2025-02-28')).toBe(true);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('10/06/2025')).toBe(false);
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('expected delivery without a chosen date', () => {
  it('is the same day before 15:00 shop time', () => {
    expect(expectedDeliveryDate(at('2025-06-10T13:59:00Z'))).toBe('2025-06-10'); // 14:59 in Casablanca
  });
  it('is the next day from 15:00 shop time', () => {
    expect(expectedDeliveryDate(at('2025-06-10T14:00:00Z'))).toBe('2025-06-11'); // 15:00 in Casablanca
    expect(expectedDeliveryDate(at('2025-03-10T15:00:00Z'))).toBe('2025-03-11'); // 15:00 during Ramadan (UTC+0)
    expect(expectedDeliveryDate(at('2025-03-10T14:59:00Z'))).toBe('2025-03-10');
  });
  it('skips closed dates', () => {
    expect(expectedDeliveryDate(at('2025-06-10T09:00:00Z'), ['2025-06-10', '2025-06-11'])).toBe('2025-06-12');
  });
});

describe('chosen delivery date', () => {
  const now = at('2025-06-10T09:00:00Z');
  it('must be tomorrow or later in shop time', () => {
    expect(deliveryDateProblem('2025-06-10', now)).toBe('too_soon');
    expect(deliveryDateProblem('2025-06-09', now)).toBe('too_soon');
    expect(deliveryDateProblem('2025-06-11', now)).toBeNull();
    // 23:30 UTC on the 10th is the 11th in Casablanca: the 11th is then today, too soon.
    expect(deliveryDateProblem('2025-06-11', at('2025-06-10T23:30:00Z'))).toBe('too_soon');
  });
  it('may not be a closed date', () => {
    expect(deliveryDateProblem('2025-06-12', now, ['2025-06-12'])).toBe('closed');
  });
  it('may not be too far ahead or malformed', () => {
    const { latest, earliest, today } = selectableRange(now);
    expect(today).toBe('2025-06-10');
    expect(earliest).toBe('2025-06-11');
    expect(latest).toBe(addDays('2025-06-10', MAX_DELIVERY_DAYS_AHEAD));
    expect(deliveryDateProblem(latest, now)).toBeNull();
    expect(deliveryDateProblem(addDays(latest, 1), now)).toBe('too_far');
    expect(deliveryDateProblem('2025-13-01', now)).toBe('invalid');
  });
});

describe('shopClock, kept for its minute', () => {
  const reference = (t: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Africa/Casablanca',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(t)
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
  };

  it('answers like a fresh reading, within a minute, across midnight and around the Ramadan clock change', () => {
    // Every 7 seconds over two hours around local midnight, then around the 2026 Ramadan change
    // (15 February, 02:00 UTC: UTC+1 to UTC+0), so each minute is asked several times in a row.
    const starts = [Date.UTC(2026, 10, 26, 22, 0, 0), Date.UTC(2026, 1, 15, 1, 0, 0)];
    for (const start of starts) {
      for (let t = start; t < start + 2 * 3_600_000; t += 7_000) {
        expect(shopClock(new Date(t))).toEqual(reference(new Date(t)));
      }
    }
  });

  it('hands out copies: a caller changing its answer changes nobody else’s', () => {
    const now = new Date(Date.UTC(2026, 10, 26, 10, 0, 30));
    const first = shopClock(now);
    first.date = 'changed';
    expect(shopClock(now).date).not.toBe('changed');
  });
});
