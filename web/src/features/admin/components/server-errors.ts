/** A 422's field messages as `{ field: first message }` for forms kept in component state. */
import { isApiError } from '@web/lib/api';

export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']));
}

/** A number typed in a form: empty is null, anything else its value (NaN lets the server refuse it). */
export const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.replace(',', '.')));
