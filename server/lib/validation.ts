/**
 * Request validation with zod, answering in the reader's language. Replaces the type provider's
 * validator so every issue carries its message in fr, en and ar; the error handler picks one.
 * Input values are used to word the message and then dropped: they never reach an answer or a log.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../shared/constants.js';
import { translateValidation, validationMessages } from '../../shared/validation.js';
import type { Localized } from './i18n.js';

const zodLocales = { fr: z.locales.fr(), en: z.locales.en(), ar: z.locales.ar() } as const;

export interface LocalizedIssue {
  field: string;
  message: Localized;
}

export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(public readonly issues: LocalizedIssue[]) {
    super('Request validation failed');
  }
}

function localize(issue: z.core.$ZodIssue & { input?: unknown }): Localized {
  if (issue.message.startsWith('v:')) {
    return Object.fromEntries(LOCALES.map((l) => [l, translateValidation(issue.message, l)])) as Localized;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return validationMessages.required;
  const out = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const res = zodLocales[locale].localeError(issue as never);
    out[locale] = (typeof res === 'string' ? res : res?.message) ?? issue.message;
  }
  return out;
}

export function localizeIssues(issues: readonly z.core.$ZodIssue[]): LocalizedIssue[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.') || '_', message: localize(issue) }));
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(localizeIssues(result.error.issues)) };
  };
