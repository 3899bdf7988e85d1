/**
 * Invisible writing-direction controls (U+202A-U+202E, U+2066-U+2069) in what customers write are
 * refused with a translated 422: one in a name reorders what the back office, the tracking page, the
 * mails and the receipt show after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from './modules/accounts/accounts.test-utils.js';
import { createTestApp, type TestContext } from './test/helpers.js';
import { userWithSession } from './test/users.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const OVERRIDE = 'Sara\u202E phone: 0612345678';
const post = (url: string, payload: object, lang: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': lang, ...headers } });

describe('writing-direction controls', () => {
  it('are refused in a contact request, with the message in the reader’s language', async () => {
    const body = { full_name: OVERRIDE, email: 'sara@example.com', message: 'Bonjour\u2067 !', kind: 'contact' };
    const res = await post('/api/custom-bouquet/contact', body, 'ar');
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.full_name).toEqual(['يحتوي هذا النص على أحرف غير مرئية لاتجاه الكتابة. احذفها (اكتب النص بدل لصقه).']);
    expect(errors.message).toHaveLength(1);
    await insertUser(ctx.db, 'florist@flora.test', 'admin');
    const fine = await post(
      '/api/custom-bouquet/contact',
      { ...body, full_name: 'سارة العلوي', phone: '+212 6 12 34 56 78', message: 'Bonjour !' },
      'ar',
    );
    expect(fine.statusCode, fine.body).toBe(201);
    // The staff's mail shows each value the visitor typed as its own run (the name cannot move the phone).
    await ctx.app.mailQueue.settled();
    const mail = ctx.mail.sent.find((m) => m.to === 'florist@flora.test')!;
    expect(mail.html).toContain('<span dir="auto">سارة العلوي</span>');
    expect(mail.html).toContain('<span dir="auto">+212 6 12 34 56 78</span>');
    expect(mail.html).toContain('<span dir="auto">Bonjour !</span>');
  });

  it('are refused in a signup name and in checkout names, addresses and messages', async () => {
    const signup = await post(
      '/api/register',
      { name: OVERRIDE, email: 'sara2@example.com', phone: '0612345678', password: 'secret123', password_confirmation: 'secret123' },
      'en',
    );
    expect(signup.statusCode).toBe(422);
    expect(signup.json().errors.name).toEqual([
      'This text contains invisible writing-direction characters. Remove them (type the text instead of pasting it).',
    ]);

    const address = {
      full_name: OVERRIDE,
      street: '5 rue\u202D des Roses',
      city: 'Rabat',
      postal_code: '10000',
      country: 'Maroc',
      phone: '0612345678',
    };
    const checkout = await post(
      '/api/checkout',
      {
        address,
        recipient: { name: 'Amine\u2066' },
        gift_message: 'Joyeux\u202B anniversaire',
        customer: { name: OVERRIDE },
        payment_method: 'cash_on_delivery',
        total_amount: 1,
      },
      'fr',
      { 'idempotency-key': 'bidi-controls-1' },
    );
    expect(checkout.statusCode).toBe(422);
    const errors = checkout.json().errors as Record<string, string[]>;
    for (const field of ['address.full_name', 'address.street', 'recipient.name', 'gift_message', 'customer.name']) {
      expect(errors[field], field).toEqual([
        'Ce texte contient des caractères invisibles de sens d’écriture. Retirez-les (retapez le texte au lieu de le coller).',
      ]);
    }
  });

  it('are refused in the address and gift message the back office edits', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/edit/1',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
      payload: { order_status: 'confirmed', payment_status: 'pending', address: '5 rue\u202E des Roses', gift_message: 'Bravo\u2066' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['address', 'gift_message']);
  });
});
