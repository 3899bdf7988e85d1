/**
 * Errors a service throws on purpose. The app's error handler turns them into
 * `{ message }` (or 422 `{ message, errors }`) in the request's language. Anything else is a 500
 * with a generic message and the details only in the log.
 */
import type { Localized } from './i18n.js';

export type FieldErrors = Record<string, Localized[]>;

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly text: Localized,
    public readonly params?: Record<string, string | number>,
    /** Extra JSON fields of the answer (e.g. fresh totals on a 409). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(text.en);
  }
}

/** A 422 raised by a service (e.g. "this e-mail is already taken") in the same shape as schema errors. */
export class FieldValidationError extends Error {
  constructor(public readonly fields: FieldErrors) {
    super('Validation failed');
  }
}
