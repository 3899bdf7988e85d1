/**
 * A form error message as text in the reader's language: `v('key')` references of the shared schemas
 * through the shared validation messages, `namespace:key` references (`account:change.min`,
 * `orders:checkout.dateClosed`) through i18next, and anything else (a server's message, already
 * translated) as it is.
 */
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { translateValidation } from '@shared/validation';

const I18N_KEY = /^[a-z][\w-]*:[\w.]+$/;

export function useMessageText() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (message: string | undefined | null): string | undefined => {
    if (!message) return undefined;
    if (message.startsWith('v:')) return translateValidation(message, locale);
    if (I18N_KEY.test(message) && i18n.exists(message)) return t(message as never);
    return message;
  };
}

/**
 * A field's error as text, for the parts of a form that get its errors from the form context (the
 * checkout's sections): `errorText('address.city')`; `from`: the errors a submit's invalid handler got
 * (the form state's are a render behind).
 */
export function useErrorText<T extends FieldValues>(errors: FieldErrors<T>) {
  const text = useMessageText();
  return (path: string, from: FieldErrors<T> = errors): string | undefined =>
    text((get(from, path) as { message?: string } | undefined)?.message);
}
