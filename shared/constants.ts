/** Constants of the product, shared by the server and the web app. */

export const LOCALES = ['fr', 'en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** Any value that is not one of the three languages falls back to French. */
export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

/** Picks the first supported language of an Accept-Language header ("ar-MA,ar;q=0.9,fr;q=0.8"). */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: (tag ?? '').toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  return DEFAULT_LOCALE;
}

export const ROLES = ['customer', 'admin', 'super_admin', 'driver'] as const;
export type Role = (typeof ROLES)[number];
export const isAdminRole = (role: string | null | undefined): boolean => role === 'admin' || role === 'super_admin';
/** A driver signs in like staff but reaches only its round (routes marked `driver: true`). */
export const isDriverRole = (role: string | null | undefined): boolean => role === 'driver';
/** Back-office accounts: admins, super admins and drivers (the admin login, the admin password rules, 2FA). */
export const isStaffRole = (role: string | null | undefined): boolean => isAdminRole(role) || isDriverRole(role);

export const ORDER_STATUSES = [
  'pending',
  'not_confirmed',
  'confirmed',
  'processing',
  'on_delivery',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['cash_on_delivery', 'card_payment'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Card payment is shown but disabled ("coming soon"). */
export const ENABLED_PAYMENT_METHODS: readonly PaymentMethod[] = ['cash_on_delivery'];
/**
 * How an order taken by staff is paid: cash on delivery, cash at the counter, the shop's card terminal,
 * a bank transfer (these three are received when the order is entered: it is born paid), or a payment
 * link sent to the customer (born waiting for payment). The storefront's checkout accepts only
 * PAYMENT_METHODS.
 */
export const STAFF_ORDER_PAYMENT_METHODS = [
  'cash_on_delivery',
  'cash_at_counter',
  'card_terminal',
  'bank_transfer',
  'payment_link',
] as const;
export type StaffOrderPaymentMethod = (typeof STAFF_ORDER_PAYMENT_METHODS)[number];
/** Every way an order may say it is paid: the storefront's and the staff's. */
export const ORDER_PAYMENT_METHODS = [
  'cash_on_delivery',
  'card_payment',
  'cash_at_counter',
  'card_terminal',
  'bank_transfer',
  'payment_link',
] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
/** The staff order methods received when the order is entered, and the payment each records. */
export const PAID_ON_ENTRY = { cash_at_counter: 'cash', card_terminal: 'card_terminal', bank_transfer: 'bank_transfer' } as const;

export const SUBSTITUTIONS = ['similar', 'call_first'] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];

/** Fixed category ids: the header's four menus. */
export const CATEGORY_IDS = { bouquets: 1, singleStems: 2, driedFlowers: 3, plants: 4 } as const;

/** Words a product search may have (each is one more indexed condition). */
export const SEARCH_MAX_WORDS = 5;
export const PAGE_SIZES = {
  default: 20,
  max: 100,
  featured: 10,
  shop: 20,
  orders: 10,
  singleStems: 6,
  testimonialsShown: 6,
  admin: { products: 20, categories: 10, customers: 10, orders: 10, testimonials: 10 },
} as const;

/** Listing price bands in MAD: min inclusive, max exclusive. */
export const PRICE_BANDS = [
  { id: 'under-300', min: undefined, max: 300 },
  { id: '300-500', min: 300, max: 500 },
  { id: '500-1000', min: 500, max: 1000 },
  { id: 'over-1000', min: 1000, max: undefined },
] as const;

export const PRODUCT_SORTS = ['popular', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * A session ends after this long without activity (any request of its own: each one moves the end
 * again), and never later than SESSION_MAX_SECONDS after its sign-in. Login answers `expires_in` =
 * SESSION_TTL_SECONDS.
 */
export const SESSION_TTL_SECONDS = 10800;
/** The absolute cap of a session: one working day, so the owner signs in (with the 2-step code) once a day. */
export const SESSION_MAX_SECONDS = 12 * 3600;
/** A request with this header (value `passive`) is a background check, not activity: it does not move the end. */
export const SESSION_ACTIVITY_HEADER = 'session-activity';
/** Every answer to a request with a live session says how many seconds it has left. */
export const SESSION_EXPIRES_HEADER = 'session-expires-in';
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const SESSION_WARNING_SECONDS = 300;
export const PASSWORD_MIN_LENGTH = 6;
/** Admins and super admins: a longer password (their account opens the back office). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
/** One order: at most this many units of one line, and in all (a script cannot take the whole stock). */
export const MAX_UNITS_PER_LINE = 50;
export const MAX_UNITS_PER_ORDER = 100;
export const CONFIRMATION_TOKEN_TTL_SECONDS = 24 * 3600;
export const RESET_TOKEN_TTL_SECONDS = 3600;
/** The link confirming a new e-mail address (sent to that address). */
export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 24 * 3600;

/** The shop's clock, whatever the server's time zone. */
export const SHOP_TIME_ZONE = 'Africa/Casablanca';
/** Orders placed before this hour (shop time) without a date go out the same day. */
export const SAME_DAY_CUTOFF_HOUR = 15;
export const DELIVERY_HOURS = { from: 9, to: 20 } as const;

/** Product images are stored as WebP in these widths. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
/** `sizes` of the product page's main picture: the page draws it, the server preloads the same file. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 768px) 45vw, 92vw';
/** `sizes` of a product card's picture: the listing's first card is preloaded by the server too. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 48vw';
