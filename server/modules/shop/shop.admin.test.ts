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
    });
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toMatchObject({ phone: '+212 5 37 00 00 00', instagram: '' });
  });

  it('saves the details; the storefront shows them in each language, empty ones hidden', async () => {
    const res = await as(admin)('PUT', '/api/admin/settings', settings);
    expect(res.statusCode).toBe(200);
    const fr = (await as(null, 'fr')('GET', '/api/shop-info')).json();
    expect(fr).toEqual({ phone: '+212 5 37 11 22 33', whatsapp: null, email: 'contact@flora.ma', address: '5 rue des Roses, Rabat', opening_hours: 'Du lundi au samedi, 9 h – 19 h', instagram: 'https://www.instagram.com/floramaroc', facebook: null });
    const en = (await as(null, 'en')('GET', '/api/shop-info')).json();
    expect(en).toMatchObject({ address: '5 rue des Roses, Rabat', opening_hours: 'Monday to Saturday, 9 am – 7 pm' });
    expect((await as(null, 'ar')('GET', '/api/shop-info')).json().address).toBe('5 زنقة الورود، الرباط');
    expect((await as(admin)('GET', '/api/admin/settings')).json()).toEqual(settings);
  });

  it('refuses a link that is not https, a bad phone or e-mail', async () => {
    const res = await as(admin)('PUT', '/api/admin/settings', { ...settings, instagram: 'javascript:alert(1)', phone: 'call me', email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'instagram', 'phone']);
  });
});
