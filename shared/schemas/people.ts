/**
 * Back office, people: the customers list and a customer's page, and admin management (list, create,
 * delete; super admins only).
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { v } from '../validation.js';
import { addressField, emailField, nameField, personFields, phoneField, PASSWORD_MAX_LENGTH, roleSchema } from './accounts.js';
import { pageMetaSchema } from './common.js';
import { nullWhenBlank } from './fields.js';
import { orderSummarySchema } from './orders.js';

/** The accounts of the back office that a super admin manages: admins, super admins and drivers. */
export const STAFF_ROLES = ['admin', 'super_admin', 'driver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Admin passwords: at least 12 characters (an admin can change every price and read every customer). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const customersQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin.customers),
  /** Matches the id (a number typed whole), the name or e-mail ignoring case, or a phone in any format. */
  search: z.string().trim().max(200).optional(),
});

export const customerSchema = z
  .object({
    ...personFields,
    role: roleSchema,
    /** Orders of the account and of the guest orders with its e-mail or phone (a guest: theirs). */
    orders_count: z.number().int(),
    /** When the latest of those orders was placed; null without orders. */
    last_order_at: z.string().nullable(),
    /**
     * A person who ordered without an account (guest orders sharing an e-mail or phone), not an
     * account: `id` is then the guest's (GET /admin/customers/guests/{id}), `created_at` their first order.
     */
    guest: z.boolean(),
    /** Null while the e-mail is not confirmed (always for a guest). */
    email_verified_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

export const customerListSchema = z.object({ data: z.array(customerSchema), meta: pageMetaSchema }).meta({ id: 'CustomerList' });
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerOrdersQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin.orders),
});

/** A customer's page: the account (or guest), its address, and one page of its orders (newest first), guest orders with its e-mail or phone included. */
export const customerDetailSchema = z
  .object({
    customer: customerSchema.extend({ address: z.string().nullable() }),
    orders: z.object({ data: z.array(orderSummarySchema), meta: pageMetaSchema }),
  })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const adminAccountSchema = z
  .object({
    ...personFields,
    address: z.string().nullable(),
    role: z.enum(STAFF_ROLES),
    created_at: z.string(),
    /** Two-factor login (TOTP) is on; a super admin can reset it (POST /admin/admins/{id}/two-factor/reset). */
    two_factor: z.boolean(),
  })
  .meta({ id: 'AdminAccount' });
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminListSchema = z.object({ data: z.array(adminAccountSchema) }).meta({ id: 'AdminList' });

/** "super admin", "Super_admin", "SUPER-ADMIN" all mean super_admin; a driver sees only its round. */
export const adminRoleField = z
  .string()
  .trim()
  .transform((s) => s.toLowerCase().replace(/[\s-]+/g, '_'))
  .pipe(z.enum(STAFF_ROLES, v('invalid')));

/**
 * POST /admin/admins/new. The form checks in a fixed order (name, e-mail, password, length,
 * confirmation); the server checks the same and answers all at once. `password_confirmation` is
 * optional for API clients that send the older payload without it.
 */
export const newAdminBodySchema = z
  .object({
    name: nameField,
    email: emailField,
    password: z
      .string(v('required'))
      .min(1, v('required'))
      .min(ADMIN_PASSWORD_MIN_LENGTH, v('admin_password_min'))
      .max(PASSWORD_MAX_LENGTH, v('too_long')),
    password_confirmation: z.string().optional(),
    role: adminRoleField.default('admin'),
    phone: nullWhenBlank(phoneField),
    address: nullWhenBlank(addressField),
  })
  .refine((d) => d.password_confirmation === undefined || d.password === d.password_confirmation, {
    path: ['password_confirmation'],
    message: v('passwords_mismatch'),
  });
export type NewAdminBody = z.input<typeof newAdminBodySchema>;

export const adminCreatedSchema = z.object({ message: z.string(), admin: adminAccountSchema }).meta({ id: 'AdminCreated' });

/** GET /api/admin/people/by-phone?phone=…: a phone as typed, in any format. */
export const phoneLookupQuerySchema = z.object({ phone: z.string().trim().min(1, v('required')).max(40, v('too_long')) });

/**
 * Who a phone number belongs to, for a staff order taken from a returning customer: the people with
 * that number (an account, or a past guest buyer), and what their past orders used — delivery
 * addresses (with their zone) and recipients, most recent first — and those orders, to repeat one.
 * Matched on the canonical phone (every way of writing one number is one key). A number too short to
 * be whole (under 8 digits) matches no one.
 */
export const phoneLookupSchema = z
  .object({
    people: z.array(
      z.object({
        kind: z.enum(['account', 'guest']),
        id: z.number().int(),
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string(),
        orders_count: z.number().int(),
      }),
    ),
    addresses: z.array(
      z.object({
        street: z.string(),
        postal_code: z.string(),
        country: z.string(),
        city: z.string(),
        delivery_zone_id: z.number().int().nullable(),
      }),
    ),
    recipients: z.array(z.object({ name: z.string(), phone: z.string().nullable() })),
    orders: z.array(
      z.object({
        id: z.number().int(),
        created_at: z.string(),
        delivery_date: z.string().nullable(),
        order_status: z.string(),
        total_amount: z.number(),
      }),
    ),
  })
  .meta({ id: 'PhoneLookup' });
export type PhoneLookup = z.infer<typeof phoneLookupSchema>;
