/**
 * Which phone numbers can take a WhatsApp message: mobiles only. WhatsApp accounts live on mobile
 * numbers; a message "sent" to a landline reaches no one, and staff would believe the customer was
 * told. Without a numbering-plan library in the shop's dependencies, the rule is a short table of the
 * mobile ranges the shop's customers have (Morocco, and the countries its diaspora orders from); a
 * number outside them gets no WhatsApp link (the call link stays), which errs on the side of never
 * offering a landline.
 *
 * A number is read as the shop's customers type it: "06 12 34 56 78", "0612345678", "+212 6…",
 * "00212 6…", "212612345678", "+33 6 12 34 56 78", "0033 6…". A national number (a 0 then 9 digits,
 * or 9 digits) is Moroccan.
 */

const MOROCCO = '212';

/**
 * Mobile ranges by country code: the national number (after the country code, trunk 0 dropped) must
 * match. Morocco: 6 and 7 (5 and 8 are fixed lines and fixed VoIP). France 6/7, Spain 6/7, Belgium 4,
 * the Netherlands 6, Italy 3, Germany 15/16/17, the United Kingdom 7, Portugal 9, Switzerland 7,
 * Algeria 5/6/7, Tunisia 2/4/5/9, the United Arab Emirates 5, Saudi Arabia 5, Qatar 3/5/6/7.
 * North American numbers (1) are left out: their plan does not tell a mobile from a landline.
 */
const MOBILE_RANGES: Record<string, RegExp> = {
  '212': /^[67]\d{8}$/,
  '33': /^[67]\d{8}$/,
  '34': /^[67]\d{8}$/,
  '32': /^4\d{8}$/,
  '31': /^6\d{8}$/,
  '39': /^3\d{8,9}$/,
  '49': /^1[567]\d{8,9}$/,
  '44': /^7\d{9}$/,
  '351': /^9\d{8}$/,
  '41': /^7[5-9]\d{7}$/,
  '213': /^[567]\d{8}$/,
  '216': /^[2459]\d{7}$/,
  '971': /^5\d{8}$/,
  '966': /^5\d{8}$/,
  '974': /^[3567]\d{7}$/,
};
const COUNTRY_CODES = Object.keys(MOBILE_RANGES).sort((a, b) => b.length - a.length);

/**
 * The international digits of a number as typed (no plus: "212612345678"), or null when it cannot be
 * read as a whole number. Digits without a plus or 00 are Moroccan when they look national (0 and 9
 * digits, or 9 digits) or start with 212; otherwise they are taken as already international.
 */
export function e164Digits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  // "+212 (0)6 …": the trunk 0 some write after the country code is not dialled.
  const digits = trimmed.replace(/\(0\)/g, '').replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.length === 10 && digits.startsWith('0')) return `${MOROCCO}${digits.slice(1)}`;
  if (digits.length === 9 && !digits.startsWith('0')) return `${MOROCCO}${digits}`;
  return digits;
}

/** The international digits of a mobile number WhatsApp can reach, or null (a landline, an unknown range, not a number). */
export function whatsAppDigits(phone: string | null | undefined): string | null {
  const digits = e164Digits(phone);
  if (!digits) return null;
  const code = COUNTRY_CODES.find((c) => digits.startsWith(c));
  if (!code) return null;
  const national = digits.slice(code.length).replace(/^0/, '');
  return MOBILE_RANGES[code]!.test(national) ? `${code}${national}` : null;
}

/** `https://wa.me/<digits>?text=<encoded>`: WhatsApp opened on that number with the text ready to send; null off a mobile. */
export function whatsAppMessageUrl(phone: string | null | undefined, text: string): string | null {
  const digits = whatsAppDigits(phone);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
