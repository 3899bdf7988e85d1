/**
 * The one way an order is placed from a request: `placeCheckout(req, request)`. Every checkout route
 * of this module (the cart's POST /checkout, checkout.routes.ts; the custom bouquet's POST
 * /custom-bouquet/create, custom-checkout.routes.ts; the back office's POST /admin/orders,
 * staff-order.admin.routes.ts) is a thin adapter that names its basket and source and hands over the
 * order details of the shared schema (shared/schemas/checkout.ts `orderDetailsSchema`); everything
 * else happens here, in this order:
 *
 * 1. the rules that need no database (zone chosen, card payment on and its gateway answering, terms when the entry
 *    point asks them, a guest's e-mail), all reported together in one 422;
 * 2. who orders: the account (its name, e-mail and phone, the request may override name and phone),
 *    or the guest's details (name and phone default to the address);
 * 3. the basket, resolved only now (a cart owner, or the custom bouquet's stems checked);
 * 4. `placeOrder` (checkout.service.ts): idempotency, stock, prices read by the server (the browser's
 *    total is only compared), delivery date and closed dates, coupon, the order and its mails written
 *    in one transaction;
 * 5. the answer: 201 for a new order, 200 for a replayed key (the same order), for a guest on the
 *    storefront with the order's signed tracking link (the one its confirmation mail carries), and the
 *    mail queue nudged to send the mails the transaction queued.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OrderPaymentMethod } from '../../../shared/constants.js';
import type { CheckoutAddress, CheckoutAnswer as CheckoutAnswerBody, OrderDetails } from '../../../shared/schemas/checkout.js';
import type { StaffOrderSource } from '../../../shared/schemas/staff-orders.js';
import { validationMessages } from '../../../shared/validation.js';
import { users } from '../../db/schema.js';
import { AppError, FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { cartView, findCart } from '../cart/cart.service.js';
import { deliveryMessages } from '../delivery/delivery.service.js';
import { slotMessages } from '../delivery/delivery-slots.service.js';
import { readContact, toShopInfo } from '../shop/shop-settings.service.js';
import type { Locale } from '../../../shared/constants.js';
import { checkoutMessages } from './checkout.messages.js';
import { CartChangedError, placeOrder, placedOrder, type Basket } from './checkout.service.js';
import type { AddressInput } from './order-write.js';
import { countOrderPlaced } from '../../lib/metrics.js';
import { orderTrackingPath } from '../orders/order-links.js';
import { answerForm, checkCardRule, firstAttempt } from './card-checkout.js';

/**
 * Who enters the order: the customer on the storefront, in their own browser (or as a guest), or a
 * staff member taking it by phone, WhatsApp or at the shop counter for a guest (the staff member's
 * account never becomes the order's customer). The order records which (`orders.source`).
 */
export type OrderSource = { kind: 'storefront' } | { kind: 'staff'; channel: StaffOrderSource; staffId: number };
export const STOREFRONT: OrderSource = { kind: 'storefront' };

export interface CheckoutRequest {
  source: OrderSource;
  /**
   * What is ordered, resolved after the rules of step 1 passed (so a refused request neither reads
   * the basket nor sets a cart cookie). Lines only: the prices are the server's.
   */
  basket: () => Promise<Basket>;
  /**
   * The details every checkout shares: address, recipient, zone, date, substitution, message, payment,
   * total seen. The storefront's schema takes its own payment methods only; a staff body may name theirs.
   */
  details: Omit<OrderDetails, 'payment_method'> & { payment_method: OrderPaymentMethod };
  /** A staff order paid as it is entered (counter cash, card terminal, transfer): the slip's or transfer's reference. */
  paidOnEntry?: { reference: string | null };
  /** A guest's name, e-mail and phone; for a logged-in customer, a name or phone other than the account's. */
  customer?: { name?: string; email?: string; phone?: string } | null;
  /** Where to deliver when it is not the (billing) address. */
  shippingAddress?: CheckoutAddress | null;
  /** A code typed at checkout (a cart's own coupon applies without it). */
  couponCode?: string | null;
  orderNotes?: string | null;
  /** Asked by this entry point: the customer must have accepted the terms. Absent: not asked. */
  acceptedTerms?: boolean | null;
  /** A customized order (the custom bouquet) and the florist's instructions. */
  customized?: { instructions: string };
}

export interface CheckoutAnswer {
  status: 200 | 201;
  body: CheckoutAnswerBody;
}

const toAddress = (a: CheckoutAddress): AddressInput => ({
  fullName: a.full_name,
  street: a.street,
  city: a.city,
  state: a.state,
  postalCode: a.postal_code,
  country: a.country,
  phone: a.phone,
});

/** Step 1: the rules that need no database, every problem at once. */
function checkRules(req: FastifyRequest, request: CheckoutRequest): void {
  const { details } = request;
  const problems: FieldErrors = {};
  if (request.acceptedTerms !== undefined && request.acceptedTerms !== true) problems.accept_terms = [checkoutMessages.acceptTerms];
  const delivering = details.delivery_method === 'delivery';
  if (delivering && !details.delivery_zone_id) problems.delivery_zone_id = [deliveryMessages.selectCityFirst];
  // A delivery needs its address; a pick-up only someone to call (the account's, or the name and phone given).
  if (delivering && !details.address) problems.address = [validationMessages.required];
  if (!details.address && (!req.user || request.source.kind === 'staff')) {
    if (!request.customer?.name) problems['customer.name'] = [validationMessages.required];
    if (!request.customer?.phone) problems['customer.phone'] = [validationMessages.required];
  }
  checkCardRule(req, details.payment_method, request.source.kind === 'staff', problems);
  // A guest's e-mail is required on the storefront; staff may take an order for a buyer without one.
  if (!req.user && request.source.kind === 'storefront' && !request.customer?.email)
    problems['customer.email'] = [validationMessages.required];
  if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
}

/** Step 2: the account's details (the request may give another name or phone), or the guest's. */
async function whoOrders(req: FastifyRequest, request: CheckoutRequest) {
  const given = request.customer;
  const address = request.details.address;
  if (!req.user || request.source.kind === 'staff') {
    // checkRules made sure a name and phone are given when there is no address.
    return { name: given?.name ?? address?.full_name ?? '', email: given?.email ?? '', phone: given?.phone ?? address?.phone ?? '' };
  }
  const [account] = await req.server.database.db
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, req.user.id));
  return {
    name: given?.name ?? account?.name ?? address?.full_name ?? '',
    email: account?.email ?? req.user.email,
    phone: given?.phone ?? account?.phone ?? address?.phone ?? '',
  };
}

/**
 * The order's billing and shipping addresses. A pick-up is "shipped" to the shop: its shipping address
 * is the shop's (contact settings, in the order's language) under the buyer's name and phone, and its
 * billing address the one given, else the same.
 */
async function orderAddresses(
  req: FastifyRequest,
  request: CheckoutRequest,
  customer: { name: string; phone: string },
  locale: Locale,
): Promise<{ billing: AddressInput; shipping: AddressInput }> {
  const { details } = request;
  if (details.delivery_method === 'delivery') {
    return { billing: toAddress(details.address!), shipping: toAddress(request.shippingAddress ?? details.address!) };
  }
  const shop = toShopInfo(await readContact(req.server.database.db, req.server.config.shop), locale);
  const atShop: AddressInput = {
    fullName: customer.name,
    street: shop.address ?? translate(slotMessages.pickup, locale),
    city: translate(slotMessages.pickup, locale),
    state: null,
    postalCode: '',
    country: 'Maroc',
    phone: customer.phone,
  };
  return { billing: details.address ? toAddress(details.address) : atShop, shipping: atShop };
}

/** Places the request's order (see the file comment) and says how to answer. */
export async function placeCheckout(req: FastifyRequest, request: CheckoutRequest): Promise<CheckoutAnswer> {
  const app = req.server;
  const locale = requestLocale(req);
  const { details } = request;
  const staff = request.source.kind === 'staff' ? request.source : null;
  checkRules(req, request);
  const customer = await whoOrders(req, request);
  const basket = await request.basket();
  const attempt = firstAttempt(req, details.payment_method, new Date());

  let result;
  try {
    result = await placeOrder(app.database.checkoutDb, {
      basket,
      userId: staff ? null : (req.user?.id ?? null),
      customer,
      language: locale,
      ...(await orderAddresses(req, request, customer, locale)),
      recipient: details.recipient ?? null,
      substitution: details.substitution,
      deliveryZoneId: details.delivery_method === 'pickup' ? null : details.delivery_zone_id!,
      deliveryMethod: details.delivery_method,
      deliverySlot: details.delivery_slot || null,
      deliveryDate: details.delivery_date || null,
      paymentMethod: details.payment_method,
      paidOnEntry: staff && request.paidOnEntry ? { recordedBy: staff.staffId, reference: request.paidOnEntry.reference } : null,
      couponCode: request.couponCode || null,
      clientTotal: details.total_amount,
      giftMessage: details.gift_message,
      orderNotes: request.orderNotes ?? null,
      isCustomized: request.customized !== undefined,
      customInstructions: request.customized?.instructions ?? null,
      // Every checkout route validates its headers with checkoutHeadersSchema: one key, a string.
      idempotencyKey: String(req.headers['idempotency-key']),
      // A staff member's keys are theirs: the same key from two colleagues is two orders.
      guestId: staff ? `staff:${staff.staffId}` : basket.kind === 'cart' ? basket.owner.cookieId : null,
      // The channel and who entered it are written with the order row (order-write.ts `insertOrder`).
      source: staff ? staff.channel : 'storefront',
      enteredBy: staff ? staff.staffId : null,
      cardAttempt: attempt,
    });
  } catch (err) {
    // The cart moved under the customer: answer with it as it is now, for them to check.
    if (err instanceof CartChangedError && basket.kind === 'cart') {
      const db = app.database.db;
      throw new AppError(409, checkoutMessages.cartChanged, undefined, {
        cart: await cartView(db, await findCart(db, basket.owner), basket.owner, locale),
      });
    }
    throw err;
  }

  const order = result.order ?? (await placedOrder(app.database.db, result.orderId));
  // The order's mails were queued in its transaction; the queue sends them off the request path.
  if (result.created) app.mailQueue.nudge();
  if (result.created) countOrderPlaced(app);
  const body: CheckoutAnswerBody = { message: translate(checkoutMessages.placed, locale), order };
  // A guest has no "My orders": the confirmation on screen links to the order the way its mail does.
  // Only this answer carries it (a replay comes from the same cart cookie and e-mail, and gets the same
  // link: it counts as sent when the order was placed, in the order's language, the request's).
  if (!staff && !req.user) {
    body.tracking_url = orderTrackingPath(app.config.dataDir, order.id, order.customer.email, new Date(order.created_at), locale);
  }
  // A card order: the gateway form the browser posts at once (the replay of a key: its latest attempt's).
  const payment = await answerForm(req, order, result.created ? attempt : undefined, locale);
  if (payment) body.payment = payment;
  return { status: result.created ? 201 : 200, body };
}
