import { describe, expect, it } from 'vitest';
import { dateInText, formatShopDate, formatShopDates } from './dates.js';

describe('dates as each language writes them', () => {
  it('write a calendar day with the month in words, Latin digits in Arabic, never ISO', () => {
    expect(formatShopDate('fr', '2027-01-01')).toBe('1 jan. 2027');
    expect(formatShopDate('en', '2027-01-01')).toBe('Jan 1, 2027');
    expect(formatShopDate('ar', '2027-01-01')).toBe('1 يناير 2027');
    expect(formatShopDate('fr', '2026-12-07', 'day')).toBe('lundi 7 décembre 2026');
    expect(formatShopDate('en', '2026-12-07', 'day')).toBe('Monday, December 7, 2026');
    expect(formatShopDate('ar', '2026-12-07', 'day')).toBe('الاثنين، 7 دجنبر 2026');
    expect(formatShopDate('fr', '2026-12-01', 'dayMonth')).toBe('1 déc.');
  });

  it('read an instant in the shop’s time zone, on a 24-hour clock', () => {
    // 23:30 UTC on 31 December is already 1 January in Casablanca (UTC+1).
    expect(formatShopDate('fr', '2026-12-31T23:30:00Z', 'dateTime')).toBe('1 jan. 2027, 00:30');
    expect(formatShopDate('en', '2026-06-01T15:05:00Z', 'dateTime')).toBe('Jun 1, 2026, 16:05');
  });

  it('isolate an Arabic date inside a sentence, and list days with the language’s “and”', () => {
    expect(dateInText('ar', '2027-01-01')).toBe('\u20681 يناير 2027\u2069');
    expect(dateInText('fr', '2027-01-01')).toBe('1 jan. 2027');
    expect(formatShopDates('fr', ['2027-01-01', '2027-01-02'])).toBe('1 jan. 2027 et 2 jan. 2027');
    expect(formatShopDates('ar', ['2027-01-01', '2027-01-02'])).toBe('\u20681 يناير 2027\u2069 و\u20682 يناير 2027\u2069');
  });

  it('gives back a value it cannot read', () => {
    expect(formatShopDate('fr', 'soon')).toBe('soon');
  });
});
