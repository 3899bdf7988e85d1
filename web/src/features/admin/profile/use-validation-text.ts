import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { translateValidation } from '@shared/validation';

/** A form error in the reader's language: schema messages are `v('key')` references. */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage);
  return (message) => (message ? translateValidation(message, locale) : undefined);
}
