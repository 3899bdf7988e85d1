/**
 * A phone number as the shop's customers type it (06 12 34 56 78, +212 6…, 00212 6…) turned into
 * the international form a phone dials from anywhere: a Moroccan national number (0 then 9 digits)
 * gets the country code 212. Returns null when there is nothing to dial.
 */
const MOROCCO = '212';

export function internationalDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return null;
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.length === 10 && digits.startsWith('0')) return `${MOROCCO}${digits.slice(1)}`;
  if (digits.length === 9 && /^[5-7]/.test(digits)) return `${MOROCCO}${digits}`;
  return digits;
}

/** `tel:+212612345678`, or null. */
export function telHref(phone: string | null | undefined): string | null {
  const digits = internationalDigits(phone);
  return digits ? `tel:+${digits}` : null;
}

/** `https://wa.me/212612345678` (WhatsApp wants the international digits, no plus), or null. */
export function whatsAppHref(phone: string | null | undefined): string | null {
  const digits = internationalDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}
