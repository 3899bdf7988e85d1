/**
 * A form field's error as text: `v('key')` references (shared validation messages) in the reader's
 * language, `orders:` and `custom:` keys through i18next, and a server's message (already translated)
 * as it is.
 */
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { translateValidation } from '@shared/validation';

export function useFieldError<T extends FieldValues>(errors: FieldErrors<T>) {
  const { t, i18n } = useTranslation(['orders', 'custom']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  // `from`: the errors handed to a submit's invalid handler (the form state's are a render behind).
  return (path: string, from: FieldErrors<T> = errors): string | undefined => {
    const message = (get(from, path) as { message?: string } | undefined)?.message;
    if (!message) return undefined;
    return /^(orders|custom):[\w.]+$/.test(message) ? t(message) : translateValidation(message, locale);
  };
}
