/** Shop settings: contact details and social links edited in the back office, read by the storefront. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp({ SHOP_PHONE: '+212 5 37 00 00 00', SHOP_WHATSAPP: '212600000000', SHOP_EMAIL: 'bonjour@flora.ma' });
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(() => ctx?.close());

const settings = {
  phone: '+212 5 37 11 22 33',
  whatsapp: '',
  email: 'contact@flora.ma',
  address: { fr: '5 rue des Roses, Rabat', en: '', ar: '5 زنقة الورود، الرباط' },
  opening_hours: { fr: 'Du lundi au samedi, 9 h – 19 h', en: 'Monday to Saturday, 9 am – 7 pm', ar: 'من الاثنين إلى السبت' },
  instagram: 'https://www.instagram.com/floramaroc',
  facebook: '',
};

describe('shop settings', () => {
  it('starts from the configuration and the former contact-page texts, with no social links', async () => {
    const info = (await as(null, 'fr')('GET', '/api/shop-info')).json();
    expect(info).toEqual({
      phone: '+212 5 37 00 00 00',
      whatsapp: '212600000000',
      email: 'bonjour@flora.ma',
      address: 'Atelier Flora Maroc, Agdal, 10090 Rabat, Maroc',
      opening_hours: 'Tous les jours, de 9 h à 20 h',
      instagram: null,
      facebook: null,
      // No rates set yet: no approximate prices abroad.
      currency_rates: { EUR: 0, USD: 0, set_at: null },
    });
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toMatchObject({ phone: '+212 5 37 00 00 00', instagram: '' });
  });

  it('saves the details; the storefront shows them in each language, empty ones hidden', async () => {
    const res = await as(admin)('PUT', '/api/admin/settings', settings);
    expect(res.statusCode).toBe(200);
    const fr = (await as(null, 'fr')('GET', '/api/shop-info')).json();
    expect(fr).toEqual({
      phone: '+212 5 37 11 22 33',
      whatsapp: null,
      email: 'contact@flora.ma',
      address: '5 rue des Roses, Rabat',
      opening_hours: 'Du lundi au samedi, 9 h – 19 h',
      instagram: 'https://www.instagram.com/floramaroc',
      facebook: null,
      currency_rates: { EUR: 0, USD: 0, set_at: null },
    });
    const en = (await as(null, 'en')('GET', '/api/shop-info')).json();
    expect(en).toMatchObject({ address: '5 rue des Roses, Rabat', opening_hours: 'Monday to Saturday, 9 am – 7 pm' });
    expect((await as(null, 'ar')('GET', '/api/shop-info')).json().address).toBe('5 زنقة الورود، الرباط');
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toEqual(settings);
  });

  it('refuses a PUT that leaves out fields (a full replacement) and keeps every detail saved', async () => {
    await as(admin)('PUT', '/api/admin/settings', settings);
    const empty = await as(admin, 'fr')('PUT', '/api/admin/settings', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual([
      'address',
      'email',
      'facebook',
      'instagram',
      'opening_hours',
      'phone',
      'whatsapp',
    ]);
    expect(empty.json().errors.phone).toEqual(['Ce champ est obligatoire.']);
    const { facebook: _facebook, ...withoutFacebook } = settings;
    expect((await as(admin)('PUT', '/api/admin/settings', withoutFacebook)).statusCode).toBe(422);
    const partAddress = await as(admin)('PUT', '/api/admin/settings', { ...settings, address: { fr: 'Rabat' } });
    expect(partAddress.statusCode).toBe(422);
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toEqual(settings);
  });

  it('changes only the fields a PATCH names, and refuses one that names none', async () => {
    await as(admin)('PUT', '/api/admin/settings', settings);
    const res = await as(admin, 'en')('PATCH', '/api/admin/settings', { facebook: 'https://www.facebook.com/floramaroc', phone: '' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = { ...settings, facebook: 'https://www.facebook.com/floramaroc', phone: '' };
    expect(res.json()).toEqual({ message: 'Settings saved.', settings: changed });
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toEqual(changed);
    expect((await as(null, 'fr')('GET', '/api/shop-info')).json()).toMatchObject({
      phone: null,
      email: 'contact@flora.ma',
      facebook: 'https://www.facebook.com/floramaroc',
    });
    // Each named field is checked as in a PUT; an address is given whole.
    const bad = await as(admin)('PATCH', '/api/admin/settings', { email: 'nope', address: { fr: 'Rabat' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['address.ar', 'address.en', 'email']);
    for (const body of [{}, { phon: '+212 5 37 00 00 01' }]) {
      expect((await as(admin)('PATCH', '/api/admin/settings', body)).statusCode).toBe(422);
    }
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toEqual(changed);
    // Two changes of different fields at once both stay.
    await Promise.all([
      as(admin)('PATCH', '/api/admin/settings', { whatsapp: '212600000001' }),
      as(admin)('PATCH', '/api/admin/settings', { instagram: 'https://www.instagram.com/flora2' }),
    ]);
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toMatchObject({
      whatsapp: '212600000001',
      instagram: 'https://www.instagram.com/flora2',
      email: 'contact@flora.ma',
    });
    expect((await as(null)('PATCH', '/api/admin/settings', { phone: '' })).statusCode).toBe(401);
  });

  it('documents PATCH /api/admin/settings in the API description', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/admin/settings'].patch.summary).toMatch(/Change some contact details/);
    expect(doc.paths['/api/admin/settings'].patch.requestBody).toBeDefined();
  });

  it('refuses a link that is not https, a bad phone or e-mail', async () => {
    const res = await as(admin)('PUT', '/api/admin/settings', {
      ...settings,
      instagram: 'javascript:alert(1)',
      phone: 'call me',
      email: 'nope',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'instagram', 'phone']);
  });
});
