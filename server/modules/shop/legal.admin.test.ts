/** The shop's legal identity: edited in the back office, checked (ICE of 15 digits...), read by every receipt. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin');
  customer = await userWithSession(ctx.db, 'customer');
});
afterAll(() => ctx?.close());

const legal = {
  legal_name: 'Flora Maroc SARL',
  address: '5 rue des Roses, Agdal, Rabat',
  ice: '001234567000089',
  rc: '123456 Rabat',
  if: '40123456',
  patente: '25123456',
};

describe('the shop’s legal identity', () => {
  it('is empty until saved, then printed as saved (trimmed), with an audit row', async () => {
    expect((await as(null)('GET', '/api/shop-legal')).json()).toEqual({
      legal_name: '',
      address: '',
      ice: '',
      rc: '',
      if: '',
      patente: '',
    });
    const res = await as(admin, 'fr')('PUT', '/api/admin/settings/legal', { ...legal, ice: ' 001234567000089 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Réglages enregistrés.', legal });
    expect((await as(admin)('GET', '/api/admin/settings/legal')).json()).toEqual(legal);
    expect((await as(null)('GET', '/api/shop-legal')).json()).toEqual(legal);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.entityId, 'legal')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.after).toEqual(legal);
  });

  it('refuses an ICE that is not exactly 15 digits, letters in IF or patente, and a missing field, in the reader’s language; nothing saved', async () => {
    for (const ice of ['00123456700008', '0012345670000891', '00123456700008A']) {
      const res = await as(admin, 'fr')('PUT', '/api/admin/settings/legal', { ...legal, ice, legal_name: 'Autre' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.ice).toEqual(['L’ICE compte exactement 15 chiffres.']);
    }
    const ar = await as(admin, 'ar')('PUT', '/api/admin/settings/legal', { ...legal, if: '40-123', patente: 'abc' });
    expect(ar.statusCode).toBe(422);
    expect(ar.json().errors.if).toEqual(['أدخل أرقامًا فقط.']);
    expect(ar.json().errors.patente).toEqual(['أدخل أرقامًا فقط.']);
    const { rc: _rc, ...noRc } = legal;
    expect((await as(admin)('PUT', '/api/admin/settings/legal', noRc)).statusCode).toBe(422);
    expect((await as(admin)('GET', '/api/admin/settings/legal')).json().legal_name).toBe(legal.legal_name);
  });

  it('is changed by staff only', async () => {
    expect((await as(null)('PUT', '/api/admin/settings/legal', legal)).statusCode).toBe(401);
    expect((await as(customer)('PUT', '/api/admin/settings/legal', legal)).statusCode).toBe(403);
  });
});
