import { describe, expect, it } from 'vitest';
import { internationalDigits, telHref, whatsAppHref } from './phone';

describe('phone links: what a florist taps to call or write to a customer', () => {
  it('gives a Moroccan national number its country code, however it was typed', () => {
    for (const typed of ['0612345678', '06 12 34 56 78', '06-12-34-56-78', '+212 6 12 34 56 78', '00212612345678', '612345678']) {
      expect(internationalDigits(typed), typed).toBe('212612345678');
    }
  });

  it('keeps a foreign number in international form as it is', () => {
    expect(internationalDigits('+33 6 12 34 56 78')).toBe('33612345678');
    expect(internationalDigits('0033612345678')).toBe('33612345678');
  });

  it('makes tel: and wa.me links, and none for nothing to dial', () => {
    expect(telHref('0612345678')).toBe('tel:+212612345678');
    expect(whatsAppHref('0612345678')).toBe('https://wa.me/212612345678');
    for (const empty of [null, undefined, '', '  ', 'n/a', '12']) {
      expect(telHref(empty)).toBeNull();
      expect(whatsAppHref(empty)).toBeNull();
    }
  });
});
