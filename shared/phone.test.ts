import { describe, expect, it } from 'vitest';
import { e164Digits, whatsAppDigits, whatsAppMessageUrl } from './phone.js';

describe('whatsAppDigits: mobiles only', () => {
  it.each([
    ['06 12 34 56 78', '212612345678'],
    ['0712345678', '212712345678'],
    ['+212 6 12 34 56 78', '212612345678'],
    ['+212 (0)6 12 34 56 78', '212612345678'],
    ['00212 7 12 34 56 78', '212712345678'],
    ['212612345678', '212612345678'],
    ['612345678', '212612345678'],
    ['+33 6 12 34 56 78', '33612345678'],
    ['0033 7 12 34 56 78', '33712345678'],
    ['+34 612 345 678', '34612345678'],
    ['+44 7700 900123', '447700900123'],
    ['+32 470 12 34 56', '32470123456'],
  ])('%s is a mobile: %s', (typed, digits) => {
    expect(whatsAppDigits(typed)).toBe(digits);
  });

  it.each([
    ['05 37 12 34 56', 'a Moroccan landline'],
    ['+212 5 22 12 34 56', 'a Moroccan landline written internationally'],
    ['0808 12 34 56', 'Moroccan fixed VoIP'],
    ['+33 1 42 12 34 56', 'a Paris landline'],
    ['+1 415 555 0100', 'a North American number (mobile or not, the plan does not say)'],
    ['+81 90 1234 5678', 'a country outside the table'],
    ['12 34', 'too short'],
    ['', 'empty'],
  ])('%s is not offered (%s)', (typed) => {
    expect(whatsAppDigits(typed)).toBeNull();
  });

  it('reads a number as typed into international digits', () => {
    expect(e164Digits('0537123456')).toBe('212537123456');
    expect(e164Digits('+1 415 555 0100')).toBe('14155550100');
    expect(e164Digits(null)).toBeNull();
  });

  it('builds the wa.me link with the text encoded', () => {
    expect(whatsAppMessageUrl('0612345678', 'Bonjour & merci ! مرحبا')).toBe(
      `https://wa.me/212612345678?text=${encodeURIComponent('Bonjour & merci ! مرحبا')}`,
    );
    expect(whatsAppMessageUrl('0537123456', 'Bonjour')).toBeNull();
  });
});
