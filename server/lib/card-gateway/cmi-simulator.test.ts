/**
 * The shop's CMI adapter against the gateway simulator the journeys pay through. The two hash the same
 * rule with code of their own, so a form the shop signs must be taken by the simulator and a callback
 * the simulator signs must be read by the shop.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVING_CARD, DECLINING_CARD, startCmiSimulator, type CmiSimulator } from '../../../e2e/support/cmi-simulator.js';
import { cmiGateway } from './cmi.js';
import type { CardPaymentResult } from './gateway.js';

const STORE_KEY = 'Str0ng|Key\\with|pipes';

describe('CMI adapter and the gateway simulator', () => {
  let simulator: CmiSimulator;
  let shop: http.Server;
  let shopUrl = '';
  const callbacks: CardPaymentResult[] = [];

  beforeAll(async () => {
    simulator = await startCmiSimulator({ storeKey: STORE_KEY, clientId: '600000001' });
    const gateway = cmiGateway({ clientId: '600000001', storeKey: STORE_KEY, gatewayUrl: simulator.gatewayUrl });
    // The shop's side of the callback: read the posted fields with the adapter, answer its text.
    shop = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const result = gateway.read(Object.fromEntries(new URLSearchParams(body)));
        callbacks.push(result);
        res.end(!result.valid ? gateway.answers.refused : result.approved ? gateway.answers.paid : gateway.answers.acknowledged);
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await simulator.close();
    await new Promise((resolve) => shop.close(resolve));
  });

  async function pay(card: string, key = STORE_KEY) {
    const gateway = cmiGateway({ clientId: '600000001', storeKey: key, gatewayUrl: simulator.gatewayUrl });
    const form = gateway.start({
      attemptId: `FM-7-${callbacks.length + 1}`,
      amountCentimes: 53050,
      language: 'fr',
      email: 'a@example.ma',
      name: 'Nadia | Ben\\Ali',
      phone: '0612345678',
      okUrl: `${shopUrl}/ok`,
      failUrl: `${shopUrl}/fail`,
      callbackUrl: `${shopUrl}/callback`,
      shopUrl: `${shopUrl}/`,
    });
    const cardPage = await fetch(form.url, { method: 'POST', body: new URLSearchParams(form.fields) });
    const text = await cardPage.text();
    if (cardPage.status !== 200) return { status: cardPage.status, text };
    const action = /action="(\/fim\/pay\/[0-9a-f]+)"/.exec(text)![1];
    const back = await fetch(new URL(action, form.url), { method: 'POST', body: new URLSearchParams({ card }) });
    return { status: back.status, text: await back.text() };
  }

  it('takes the form the shop signed, and the shop reads the approval the simulator signed', async () => {
    const result = await pay(APPROVING_CARD);
    expect(result.status).toBe(200);
    expect(result.text).toContain(`action="${shopUrl}/ok"`);
    expect(callbacks.at(-1)).toMatchObject({ valid: true, approved: true, amountCentimes: 53050, attemptId: 'FM-7-1' });
    expect(simulator.payments.at(-1)?.callbackAnswer).toBe('ACTION=POSTAUTH');
  });

  it('a declining card sends the shopper to failUrl and the callback is acknowledged', async () => {
    const result = await pay(DECLINING_CARD);
    expect(result.text).toContain(`action="${shopUrl}/fail"`);
    expect(callbacks.at(-1)).toMatchObject({ valid: true, approved: false });
    expect(simulator.payments.at(-1)?.callbackAnswer).toBe('APPROVED');
  });

  it('refuses a form signed with another store key', async () => {
    const result = await pay(APPROVING_CARD, 'another key');
    expect(result.status).toBe(400);
    expect(result.text).toContain('not signed correctly');
  });
});
