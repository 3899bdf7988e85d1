/**
 * A refused save's errors, put where they belong: each field a 422 names that the form has gets the
 * server's first message under it (the first one focused); what no field of the form shows (another
 * field, the lines of a basket) is returned, joined, for the message above the form.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../api';

/** Every path of a form's values: `name`, `address.city`, `translations.fr.name`. */
export function valuePaths(values: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  const walk = (value: unknown, at: string) => {
    if (at) paths.add(at);
    if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Blob)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, at ? `${at}.${key}` : key);
    }
  };
  walk(values, prefix);
  return paths;
}

export type ServerErrors = {
  /** Whether at least one field got a message. */
  onFields: boolean;
  /** The messages no field of the form shows. */
  elsewhere: string[];
};

/**
 * Copies a 422's `errors` onto the form. `rename` maps a server field to the form's own path when
 * they differ. Anything that is not an ApiError, or carries no field errors, leaves the form as it is.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  rename: Record<string, string> = {},
): ServerErrors {
  const result: ServerErrors = { onFields: false, elsewhere: [] };
  if (!isApiError(error)) return result;
  const paths = valuePaths(form.getValues());
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const path = rename[field] ?? field;
    if (paths.has(path)) {
      form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !result.onFields });
      result.onFields = true;
    } else result.elsewhere.push(message);
  }
  return result;
}
