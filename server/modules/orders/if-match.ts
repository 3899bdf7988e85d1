/**
 * The version an order edit was based on, read from an `If-Match` header as well as from the body's
 * `version` field: `If-Match: 3`, `"3"` or `W/"3"`. A client that sends neither edits without the
 * check (the documented contract has no version); one that sends it gets 409 when it is stale.
 */
import { FieldValidationError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';

export const ifMatchMessages = defineMessages({
  invalid: {
    fr: 'L’en-tête If-Match doit contenir le numéro de version de la commande.',
    en: 'The If-Match header must hold the order’s version number.',
    ar: 'يجب أن يحمل الترويسة If-Match رقم نسخة الطلب.',
  },
});

/** The header's version, undefined without one; a header that names no version is a 422. */
export function versionFromIfMatch(header: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw.trim() === '') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(raw);
  const version = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(version) || version < 1) throw new FieldValidationError({ version: [ifMatchMessages.invalid] });
  return version;
}
