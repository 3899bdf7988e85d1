/**
 * What the order pipeline knows of a card gateway: start a payment (a form the shopper's browser posts to
 * the gateway's hosted page) and read what the gateway posts back (its server-to-server callback and the
 * shopper's return). Field names, hashes and answer texts stay inside each gateway's adapter.
 */
import type { Locale } from '../../../shared/constants.js';

export interface CardPaymentStart {
  /** One payment attempt's own reference: a new one per attempt, so an old attempt's late callback cannot pay twice. */
  attemptId: string;
  amountCentimes: number;
  language: Locale;
  email: string;
  name: string;
  phone: string;
  /** Where the gateway posts the shopper back after an approval, after a refusal, and where it calls the shop. */
  okUrl: string;
  failUrl: string;
  callbackUrl: string;
  shopUrl: string;
}

/** The form the browser posts to the gateway. */
export interface CardPaymentForm {
  url: string;
  method: 'POST';
  fields: Record<string, string>;
}

export type CardPaymentResult =
  | { valid: false; reason: 'hash' | 'fields' }
  | {
      valid: true;
      attemptId: string;
      amountCentimes: number;
      approved: boolean;
      transactionId: string | null;
      authCode: string | null;
      maskedCard: string | null;
      /** The gateway's reason for a refusal, as it wrote it. */
      message: string | null;
    };

export interface CardGateway {
  name: string;
  start(payment: CardPaymentStart): CardPaymentForm;
  /** Checks the signature of posted fields and reads the result; never throws on bad input. */
  read(fields: Readonly<Record<string, string>>): CardPaymentResult;
  /** The texts the callback answers with: paid (capture it), acknowledged (a refusal noted), refused (bad call). */
  answers: { paid: string; acknowledged: string; refused: string };
}
