/**
 * The CMI gateway (Centre Monétique Interbancaire) in its "3D Pay Hosting" mode: the shopper's browser
 * posts a signed form to the gateway's hosted 3-D Secure page, the gateway calls the shop back server to
 * server with the result, then posts the shopper back to the shop. No card data ever reaches the shop.
 *
 * This file knows the gateway's field names and its hash; the order pipeline only sees the small
 * `CardGateway` interface (start a payment, read a callback), so another gateway is one more adapter.
 *
 * Hash "ver3": every field but `hash` and `encoding`, names sorted case-insensitively, each value escaped
 * (`\` becomes `\\`, then `|` becomes `\|`), joined with `|`, then `|` and the escaped store key; the
 * SHA-512 of that text (UTF-8), base64 of the raw digest. The gateway signs its callback the same way over
 * every field it posts (but `HASH`/`hash` and `encoding`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CardGateway, CardPaymentForm, CardPaymentStart, CardPaymentResult } from './gateway.js';

export interface CmiSettings {
  clientId: string;
  storeKey: string;
  gatewayUrl: string;
}

/** ISO 4217 numeric code of the Moroccan dirham: the gateway charges MAD only. */
const MAD = '504';
/** Fields the hash leaves out, compared without regard to case. */
const UNSIGNED = new Set(['hash', 'encoding']);

const escapeValue = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');

/** The ver3 hash of a set of fields (see the file's comment). */
export function cmiHash(fields: Readonly<Record<string, string>>, storeKey: string): string {
  const names = Object.keys(fields)
    .filter((name) => !UNSIGNED.has(name.toLowerCase()))
    .sort((a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const plain = [...names.map((name) => escapeValue(fields[name] ?? '')), escapeValue(storeKey)].join('|');
  return createHash('sha512').update(plain, 'utf8').digest('base64');
}

/** Centimes as the gateway writes an amount: two decimals and a dot ("490.00"). */
export const cmiAmount = (centimes: number): string => `${Math.floor(centimes / 100)}.${String(centimes % 100).padStart(2, '0')}`;

/** The gateway's amount back to centimes, or null when it is not a plain decimal amount. */
export function cmiAmountToCentimes(text: string | undefined): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function sameHash(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.trim());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The gateway's name for a field, whatever the case the gateway posted it in. */
function field(fields: Readonly<Record<string, string>>, name: string): string | undefined {
  if (name in fields) return fields[name];
  const lower = name.toLowerCase();
  const key = Object.keys(fields).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : fields[key];
}

export function cmiGateway(settings: CmiSettings): CardGateway {
  return {
    name: 'cmi',

    start(payment: CardPaymentStart): CardPaymentForm {
      const fields: Record<string, string> = {
        clientid: settings.clientId,
        storetype: '3D_PAY_HOSTING',
        TranType: 'PreAuth',
        amount: cmiAmount(payment.amountCentimes),
        currency: MAD,
        oid: payment.attemptId,
        okUrl: payment.okUrl,
        failUrl: payment.failUrl,
        callbackUrl: payment.callbackUrl,
        shopurl: payment.shopUrl,
        lang: payment.language,
        rnd: randomBytes(12).toString('hex'),
        hashAlgorithm: 'ver3',
        encoding: 'UTF-8',
        email: payment.email,
        BillToName: payment.name,
        tel: payment.phone,
        AutoRedirect: 'true',
      };
      fields.hash = cmiHash(fields, settings.storeKey);
      return { url: settings.gatewayUrl, method: 'POST', fields };
    },

    read(fields: Readonly<Record<string, string>>): CardPaymentResult {
      const given = field(fields, 'HASH');
      if (!sameHash(cmiHash(fields, settings.storeKey), given)) return { valid: false, reason: 'hash' };
      const attemptId = field(fields, 'oid') ?? '';
      const amountCentimes = cmiAmountToCentimes(field(fields, 'amount'));
      if (!attemptId || amountCentimes === null) return { valid: false, reason: 'fields' };
      const approved = field(fields, 'ProcReturnCode') === '00';
      return {
        valid: true,
        attemptId,
        amountCentimes,
        approved,
        transactionId: field(fields, 'TransId') ?? null,
        authCode: field(fields, 'AuthCode') ?? null,
        maskedCard: field(fields, 'maskedCreditCard') ?? null,
        message: approved ? null : (field(fields, 'ErrMsg') ?? field(fields, 'Response') ?? null),
      };
    },

    answers: { paid: 'ACTION=POSTAUTH', acknowledged: 'APPROVED', refused: 'FAILURE' },
  };
}
