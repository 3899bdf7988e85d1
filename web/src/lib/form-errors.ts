/**
 * The 422 answer's field errors, copied into a react-hook-form form: each field named in
 * `fields` gets the server's first message under it. Returns true when at least one field got one
 * (the form then needs no other error text).
 *
 *   catch (error) { if (!applyFieldErrors(error, setError, FIELDS)) setFailure(t('failed')); }
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error)) return false;
  let any = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      setError(field, { type: 'server', message });
      any = true;
    }
  }
  return any;
}
