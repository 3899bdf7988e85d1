/**
 * A catalogue form's errors: the shared zod schema checked in the browser (the same messages as
 * the server, in the admin's language), and a 422's field errors from the server.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toLocale } from '@shared/constants';
import { translateValidation } from '@shared/validation';
import { isApiError } from '@web/lib/api';

export type Errors = Record<string, string>;

export function useFieldErrors() {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const [errors, setErrors] = useState<Errors>({});

  /** Checks `values`; returns the parsed form, or null with the errors shown. */
  function check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || '_';
      next[field] ??= translateValidation(issue.message, locale);
    }
    setErrors(next);
    return null;
  }

  /** Copies a 422's field errors; returns the message to show above the form. */
  function fromServer(error: unknown, fallback: string): string {
    if (!isApiError(error)) return fallback;
    const next: Errors = {};
    for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) next[field] = messages[0];
    setErrors(next);
    return error.isNetworkError || !error.message ? fallback : error.message;
  }

  return { errors, setErrors, check, fromServer };
}
