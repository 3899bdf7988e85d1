/**
 * What a new password must be beyond the shared schema's length rule: not one of the ~49,000 most
 * common passwords (the list of @zxcvbn-ts/language-common, kept up to date by the zxcvbn-ts project),
 * and at least 12 characters for admins, super admins and drivers. Server side only: the list stays out of
 * the web download.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH, isStaffRole } from '../../shared/constants.js';
import { validationMessages } from '../../shared/validation.js';
import type { Localized } from './i18n.js';

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.normalize('NFKC').toLowerCase());
}

/** The problem with a new password for an account of `role`, or null. */
export function passwordProblem(password: string, role: string): Localized | null {
  const admin = isStaffRole(role);
  if (admin && password.length < ADMIN_PASSWORD_MIN_LENGTH) return validationMessages.admin_password_min;
  if (password.length < PASSWORD_MIN_LENGTH) return validationMessages.password_min;
  if (isCommonPassword(password)) return validationMessages.password_common;
  return null;
}
