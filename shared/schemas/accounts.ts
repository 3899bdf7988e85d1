/**
 * Accounts contract: sign-up, e-mail confirmation, login, profile, passwords, admin profile.
 * E-mails are trimmed and lower-cased here, so the server stores and compares one form.
 */
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.js';
import { noBidiControls, v } from '../validation.js';

/** Passwords longer than this are refused (scrypt would take them, but nobody types 200 characters). */
export const PASSWORD_MAX_LENGTH = 200;

const required = z.string(v('required')).trim().min(1, v('required'));

export const nameField = required.max(100, v('too_long')).refine(...noBidiControls);
export const emailField = z
  .string(v('required'))
  .trim()
  .min(1, v('required'))
  .max(254, v('too_long'))
  .toLowerCase()
  .pipe(z.email(v('email')));
/** Digits with optional +, spaces, dots, dashes and brackets: "+212 6 12 34 56 78", "0612345678". */
export const phoneField = z
  .string(v('required'))
  .trim()
  .min(1, v('required'))
  .max(30, v('too_long'))
  .regex(/^\+?[0-9][0-9 ().-]*$/, { message: v('phone'), abort: true })
  .refine((s) => s.replace(/\D/g, '').length >= 6, v('phone'));
export const addressField = z
  .string()
  .trim()
  .max(500, v('too_long'))
  .refine(...noBidiControls);
/** A new password: at least 6 characters. Not trimmed: spaces are part of a password. */
export const newPasswordField = z
  .string(v('required'))
  .min(1, v('required'))
  .min(PASSWORD_MIN_LENGTH, v('password_min'))
  .max(PASSWORD_MAX_LENGTH, v('too_long'));
/** A new admin or super admin password: at least 12 characters (the back office's add-admin forms use it). */
export const adminPasswordField = z
  .string(v('required'))
  .min(1, v('required'))
  .min(ADMIN_PASSWORD_MIN_LENGTH, v('admin_password_min'))
  .max(PASSWORD_MAX_LENGTH, v('too_long'));
/** An existing password: only required (old accounts may predate a rule). */
const passwordField = z.string(v('required')).min(1, v('required')).max(PASSWORD_MAX_LENGTH, v('too_long'));
/** Confirmation and reset tokens are checked by the server (malformed 400, unknown 404, expired 410). */
const tokenField = z.string(v('required')).trim().min(1, v('required')).max(200, v('invalid'));

/** `password_confirmation` must equal `password`; checked even when other fields are wrong. */
const confirmed = <T extends { password: string; password_confirmation: string }>(schema: z.ZodType<T>) =>
  schema.refine((d) => d.password === d.password_confirmation, {
    path: ['password_confirmation'],
    message: v('passwords_mismatch'),
    when: (p) => {
      const value = p.value as Partial<T> | undefined;
      return typeof value?.password === 'string' && typeof value.password_confirmation === 'string' && value.password_confirmation !== '';
    },
  });

export const registerBodySchema = confirmed(
  z.object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: newPasswordField,
    password_confirmation: passwordField,
  }),
).meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailField, password: passwordField }).meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenBodySchema = z.object({ token: tokenField }).meta({ id: 'TokenBody' });
export const emailBodySchema = z.object({ email: emailField }).meta({ id: 'EmailBody' });

export const resetPasswordBodySchema = confirmed(
  z.object({ token: tokenField, password: newPasswordField, password_confirmation: passwordField }),
).meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * Change password: presence is checked here; the server's own wording for the other rules ("New
 * password must be at least 6 characters long.", "New passwords do not match.", "must be different")
 * comes from the server.
 */
export const changePasswordBodySchema = z
  .object({
    current_password: passwordField,
    new_password: passwordField,
    new_password_confirmation: passwordField,
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * PUT /profile: name is required; phone and address are kept when left out. `email` is accepted as
 * older clients send it, but it must be the current address: a new one goes through POST /profile/email.
 */
export const updateProfileBodySchema = z
  .object({
    name: nameField,
    email: emailField.optional(),
    phone: phoneField.optional(),
    address: addressField.nullable().optional(),
  })
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** PUT /admin/profile: name and phone; `email`, when sent, must be the current one (as PUT /profile). */
export const updateAdminProfileBodySchema = z
  .object({ name: nameField, email: emailField.optional(), phone: phoneField.nullable().optional() })
  .meta({ id: 'UpdateAdminProfileBody' });
export type UpdateAdminProfileBody = z.infer<typeof updateAdminProfileBodySchema>;

/**
 * POST /profile/email (and /admin/profile/email): ask to change one's own e-mail. The address in
 * force changes only when the link mailed to the new one is opened (POST /profile/email/confirm).
 */
export const emailChangeBodySchema = z.object({ new_email: emailField, current_password: passwordField }).meta({ id: 'EmailChangeBody' });
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const emailChangeResponseSchema = z
  .object({ message: z.string(), pending_email: z.string().nullable() })
  .meta({ id: 'EmailChangeResponse' });
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;

export const roleSchema = z.enum(ROLES);

/** Who a person is, the first fields of every answer about an account (a customer, an admin). */
export const personFields = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
};

/** The user as login and the profile give it. Never a hash, never a token. */
export const accountUserSchema = z
  .object({ ...personFields, address: z.string().nullable(), role: roleSchema })
  .meta({ id: 'AccountUser' });
export type AccountUser = z.infer<typeof accountUserSchema>;

/** `pending_email`: an e-mail change waiting for its confirmation (null when none). */
export const profileSchema = accountUserSchema
  .extend({ created_at: z.string(), pending_email: z.string().nullable() })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z
  .object({ token: z.string(), user: accountUserSchema, expires_in: z.number().int(), message: z.string() })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const profileUpdateResponseSchema = z.object({ message: z.string(), user: profileSchema }).meta({ id: 'ProfileUpdateResponse' });

export const adminProfileSchema = z
  .object({
    ...personFields,
    role: roleSchema,
    pending_email: z.string().nullable(),
    /** Two-factor login (TOTP) is on for this admin. */
    two_factor: z.boolean(),
    /** Unused recovery codes left (0 when two-factor login is off). */
    recovery_codes_left: z.number().int(),
  })
  .meta({ id: 'AdminProfile' });
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminProfileUpdateResponseSchema = z
  .object({ message: z.string(), user: adminProfileSchema })
  .meta({ id: 'AdminProfileUpdateResponse' });

// ---------------------------------------------------------------- two-factor login (admins)

/** A 6-digit code from the authenticator app (spaces allowed: "123 456"). */
export const totpCodeField = z
  .string(v('required'))
  .trim()
  .min(1, v('required'))
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, v('invalid')));
/** A recovery code as printed ("abcde-fghjk"); case, spaces and dashes do not matter. */
export const recoveryCodeField = z.string(v('required')).trim().min(1, v('required')).max(40, v('invalid'));

/** POST /login when the password is right and two-factor login is on: no session yet, a code is needed. */
export const twoFactorPendingSchema = z
  .object({ two_factor_required: z.literal(true), pending_token: z.string(), message: z.string() })
  .meta({ id: 'TwoFactorPending' });
export type TwoFactorPending = z.infer<typeof twoFactorPendingSchema>;
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorPendingSchema]);

/** POST /login/two-factor: the pending token and either the app's code or a recovery code. */
export const twoFactorLoginBodySchema = z
  .object({ pending_token: tokenField, code: totpCodeField.optional(), recovery_code: recoveryCodeField.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), { path: ['code'], message: v('required') })
  .meta({ id: 'TwoFactorLoginBody' });
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBodySchema>;

/** POST /admin/profile/two-factor/setup: the secret to scan (QR code as a data URL) or type. */
export const twoFactorSetupSchema = z
  .object({ message: z.string(), secret: z.string(), otpauth_url: z.string(), qr_code: z.string() })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCodeField }).meta({ id: 'TwoFactorEnableBody' });
/** The recovery codes, readable this once. */
export const twoFactorEnabledSchema = z
  .object({ message: z.string(), recovery_codes: z.array(z.string()) })
  .meta({ id: 'TwoFactorEnabled' });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;
export const twoFactorDisableBodySchema = z.object({ current_password: passwordField }).meta({ id: 'TwoFactorDisableBody' });
