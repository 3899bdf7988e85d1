/**
 * The frame most back-office API test files share: a fresh app with the shop's fixtures and one admin
 * signed in, made before the file's tests and closed after them.
 *
 *   const shop = backOfficeTest();
 *   it('...', async () => { const res = await shop.as(shop.admin)('GET', '/api/admin/orders'); ... });
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';
import { insertShopFixtures } from './shop-fixtures.js';
import { requester, userWithSession, type TestUser } from './users.js';

export interface BackOfficeTest {
  readonly ctx: TestContext;
  readonly admin: TestUser;
  as: ReturnType<typeof requester>;
}

export function backOfficeTest(): BackOfficeTest {
  let ctx: TestContext | undefined;
  let admin: TestUser | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
    admin = await userWithSession(ctx.db, 'admin');
  });
  afterAll(() => ctx?.close());
  return {
    get ctx() {
      return ctx!;
    },
    get admin() {
      return admin!;
    },
    as: requester(() => ctx!.app),
  };
}
