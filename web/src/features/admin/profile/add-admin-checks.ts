/** The add-admin form's checks in a fixed order (name, e-mail, password, 12 characters, confirmation): the first failing one is shown. */
import { ADMIN_PASSWORD_MIN_LENGTH, type StaffRole } from '@shared/schemas/people';

export type NewAdminForm = {
  name: string;
  email: string;
  role: StaffRole;
  phone: string;
  address: string;
  password: string;
  password_confirmation: string;
};
export type NewAdminCheck = { field: keyof NewAdminForm; key: 'name' | 'email' | 'password' | 'passwordMin' | 'mismatch' };

export function firstFailingCheck(form: NewAdminForm): NewAdminCheck | null {
  if (!form.name.trim()) return { field: 'name', key: 'name' };
  if (!form.email.trim()) return { field: 'email', key: 'email' };
  if (!form.password) return { field: 'password', key: 'password' };
  if (form.password.length < ADMIN_PASSWORD_MIN_LENGTH) return { field: 'password', key: 'passwordMin' };
  if (form.password !== form.password_confirmation) return { field: 'password_confirmation', key: 'mismatch' };
  return null;
}

/** Trimmed, with an empty phone or address sent as null. */
export function toPayload(form: NewAdminForm) {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    role: form.role,
    phone: form.phone.trim() || null,
    address: form.address.trim() || null,
    password: form.password,
    password_confirmation: form.password_confirmation,
  };
}
