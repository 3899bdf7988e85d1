/**
 * Orders for journeys: a guest order placed through the shop's public API, in its own cookie jar (the
 * browser page stays whoever it is), for one unit of an in-stock product, cash on delivery, to the
 * first delivery zone. The order's language is the one asked for, as a shopper's browser would send it.
 */
import { expect, request as playwrightRequest, type BrowserContext } from '@playwright/test';
import { addDays } from '../../shared/delivery-date';

export type Buyer = { name: string; email: string; phone: string };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * The first day a shopper may choose for a delivery: tomorrow, or the first open day after it (before
 * 15:00 an order without a date goes out today, a day that cannot be chosen).
 */
export async function firstChoosableDay(baseURL: string): Promise<string> {
  const { earliest, dates } = (await (await fetch(`${baseURL}/api/delivery/closed-dates`)).json()) as { earliest: string; dates: string[] };
  let day = earliest;
  while (dates.includes(day)) day = addDays(day, 1);
  return day;
}

/**
 * Places the order; `deliveryDate` (YYYY-MM-DD) is the day the shopper picked, else the shop's default;
 * `quantity` units (1) to `street` (a short French one). With `storageState` (a signed-in browser's,
 * `page.context().storageState()`) the order is that customer's.
 */
export async function placeGuestOrder(
  baseURL: string,
  buyer: Buyer,
  opts: { lang?: 'fr' | 'en' | 'ar'; deliveryDate?: string; quantity?: number; street?: string; storageState?: StorageState } = {},
): Promise<{ id: number; delivery_date: string | null; total: number }> {
  const api = await playwrightRequest.newContext({
    baseURL,
    storageState: opts.storageState,
    extraHTTPHeaders: { origin: baseURL, 'accept-language': opts.lang ?? 'fr' },
  });
  try {
    const products = (await (await api.get('/api/products?per_page=50')).json()) as {
      data: { id: number; stock: number; colors?: { id: number }[]; sizes?: { id: number }[] }[];
    };
    const product = products.data.find((p) => p.stock > 5)!;
    const added = await api.post('/api/cart/add', {
      data: {
        product_id: product.id,
        color_id: product.colors?.[0]?.id ?? null,
        size_id: product.sizes?.[0]?.id ?? null,
        quantity: opts.quantity ?? 1,
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const zones = (await (await api.get('/api/delivery-zones')).json()) as { id: number }[];
    expect((await api.post('/api/cart/delivery-city', { data: { zone_id: zones[0]!.id } })).ok()).toBe(true);
    const total = ((await (await api.get('/api/cart')).json()) as { summary: { total: number } }).summary.total;
    const address = {
      full_name: buyer.name,
      street: opts.street ?? '12 avenue Mohammed V, appt 4',
      city: 'Rabat',
      postal_code: '10000',
      country: 'Maroc',
      phone: buyer.phone,
    };
    // The shop's slots (the migration seeds three): the first one still open on the day.
    const day =
      opts.deliveryDate ??
      ((await (await api.get('/api/delivery/closed-dates')).json()) as { expected_without_date: string }).expected_without_date;
    const slots = (await (await api.get(`/api/delivery/slots?date=${day}&city=${zones[0]!.id}`)).json()) as {
      key: string;
      available: boolean;
    }[];
    const slot = slots.find((s) => s.available)?.key;
    const placed = await api.post('/api/checkout', {
      headers: { 'idempotency-key': `e2e-${unique()}` },
      data: {
        address,
        customer: buyer,
        delivery_zone_id: zones[0]!.id,
        payment_method: 'cash_on_delivery',
        accept_terms: true,
        total_amount: total,
        ...(opts.deliveryDate ? { delivery_date: opts.deliveryDate } : {}),
        ...(slot ? { delivery_slot: slot } : {}),
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const { order } = (await placed.json()) as { order: { id: number; delivery_date: string | null; total_amount: number } };
    return { id: order.id, delivery_date: order.delivery_date, total: order.total_amount };
  } finally {
    await api.dispose();
  }
}
