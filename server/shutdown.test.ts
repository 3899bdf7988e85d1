/**
 * SIGTERM drains: the real server process (PGlite) holds checkouts in flight (their headers read, the
 * server waiting for their bodies: `Expect: 100-continue` proves the server has them), gets SIGTERM,
 * refuses new connections at once, still answers every checkout in flight with 201, and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { insertShopFixtures } from './test/shop-fixtures.js';
import {
  checkoutHeaders,
  connectionRefused,
  guestCart,
  productsInStock,
  rawRequest,
  startShopProcess,
  type ShopProcess,
} from './test/server-process.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-sigterm-'));
let shop: ShopProcess | undefined;

afterAll(() => {
  if (shop && shop.child.exitCode === null && shop.child.signalCode === null) shop.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('finishes the checkouts in flight with 2xx, refuses new connections, exits 0', async () => {
    // A small catalogue made beforehand: the server finds it and skips the demo seed (its pictures are slow).
    const prepared = await openDatabase({ dataDir });
    await prepared.migrate();
    await insertShopFixtures(prepared.db);
    await prepared.close();
    shop = await startShopProcess({ dataDir });
    const { url, port } = shop;
    const zones = (await (await fetch(`${url}/api/delivery-zones`)).json()) as { id: number }[];
    const [product] = (await productsInStock(url)).filter((p) => p.stock >= 4);
    expect(product).toBeDefined();
    const carts = await Promise.all(
      Array.from({ length: 4 }, (_, n) => guestCart(url, [{ productId: product!.id, quantity: 1 }], zones[0]!.id, n)),
    );

    // The checkouts are sent up to their headers; the server says "100 Continue" once it holds each.
    const inFlight = carts.map((cart) => {
      const { req, answer } = rawRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/checkout',
        headers: { ...checkoutHeaders(url, cart.cookie, crypto.randomUUID(), Buffer.byteLength(cart.body)), expect: '100-continue' },
      });
      req.flushHeaders();
      const continued = new Promise<void>((resolve) => req.once('continue', resolve));
      return { req, answer, continued, body: cart.body };
    });
    await Promise.all(inFlight.map((r) => r.continued));

    shop.child.kill('SIGTERM');
    // New connections are refused while the old requests are still open.
    const started = Date.now();
    while (!(await connectionRefused(port))) {
      expect(Date.now() - started, 'the port still accepts connections').toBeLessThan(5000);
      await new Promise((r) => setImmediate(r));
    }
    expect(shop.child.exitCode).toBeNull();

    for (const r of inFlight) r.req.end(r.body);
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    console.log(`SIGTERM drain: ${answers.length} checkouts in flight answered ${answers.map((a) => a.status).join(', ')}`);
    for (const a of answers) expect(a.status, a.body).toBe(201);
    expect(new Set(answers.map((a) => (JSON.parse(a.body) as { order: { id: number } }).order.id)).size).toBe(answers.length);
    expect(await shop.exited).toBe(0);
  }, 180_000);
});
