/**
 * A stand-in for the CMI gateway's "3D Pay Hosting" side, for journeys and for a developer's shop
 * (`npm run cmi:sim`): the real gateway cannot be reached from here. It plays the documented protocol:
 *
 * 1. takes the shop's form at POST /fim/est3Dgate and checks its ver3 hash (refused page when wrong);
 * 2. shows a card page with test cards: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines;
 * 3. posts the result to the form's `callbackUrl` server to server, signed with its own hash, and keeps
 *    the shop's answer (ACTION=POSTAUTH, APPROVED or FAILURE);
 * 4. posts the shopper back to `okUrl` or `failUrl` with the same signed fields.
 *
 * Its hash is written here on purpose, apart from the shop's: each checks the other. It imports nothing
 * from the shop.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const APPROVING_CARD = '4242424242424242';
export const DECLINING_CARD = '4000000000000002';

export interface SimulatedPayment {
  id: string;
  fields: Record<string, string>;
  card?: string;
  approved?: boolean;
  /** What the shop answered the server-to-server callback (null while none was sent). */
  callbackAnswer: string | null;
  callbackStatus: number | null;
}

export interface CmiSimulator {
  /** The address to set as CMI_GATEWAY_URL. */
  gatewayUrl: string;
  payments: SimulatedPayment[];
  /** Hold back the shopper's return (the browser stays on the gateway) while the callback still goes: a tab closed after paying. */
  holdReturns: boolean;
  close(): Promise<void>;
}

/** ver3: values of every field but hash/encoding, by name without case, `\` and `|` escaped, the key last. */
function signature(fields: Record<string, string>, storeKey: string): string {
  const escape = (text: string) => text.split('\\').join('\\\\').split('|').join('\\|');
  const keys = Object.keys(fields).filter((k) => !['hash', 'encoding'].includes(k.toLowerCase()));
  keys.sort((a, b) => (a.toLowerCase() === b.toLowerCase() ? 0 : a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  const text = keys
    .map((k) => escape(fields[k]))
    .concat(escape(storeKey))
    .join('|');
  return createHash('sha512').update(Buffer.from(text, 'utf8')).digest('base64');
}

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 100_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(body))));
    req.on('error', reject);
  });
}

function page(res: http.ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#222}input,button{font:inherit;padding:.6rem;width:100%;box-sizing:border-box;margin:.3rem 0}button{background:#1d4ed8;color:#fff;border:0;border-radius:.4rem}code{background:#eee;padding:0 .2rem}</style>
</head><body><h1>${html(title)}</h1>${body}</body></html>`);
}

/** A form that posts itself (the gateway's AutoRedirect), with a button when script is slow or off. */
function autoPost(res: http.ServerResponse, url: string, fields: Record<string, string>): void {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`)
    .join('');
  page(
    res,
    200,
    'CMI test gateway: returning to the shop',
    `<form id="back" method="post" action="${html(url)}">${inputs}<button type="submit">Return to the shop</button></form><script>document.getElementById('back').submit()</script>`,
  );
}

async function postCallback(url: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, text: (await response.text()).trim() };
  } catch (error) {
    return { status: 0, text: `unreachable: ${(error as Error).message}` };
  }
}

export async function startCmiSimulator(options: {
  storeKey: string;
  clientId?: string;
  port?: number;
  host?: string;
}): Promise<CmiSimulator> {
  const payments = new Map<string, SimulatedPayment>();
  const simulator: CmiSimulator = { gatewayUrl: '', payments: [], holdReturns: false, close: async () => undefined };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: Error) => page(res, 500, 'CMI test gateway error', `<p>${html(error.message)}</p>`));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'POST' && url.pathname === '/fim/est3Dgate') {
      const fields = await readForm(req);
      const given = fields.hash ?? fields.HASH;
      if (!given || given !== signature(fields, options.storeKey))
        return page(res, 400, 'Payment refused', "<p>The shop's request is not signed correctly (hash ver3).</p>");
      if (options.clientId && fields.clientid !== options.clientId) return page(res, 400, 'Payment refused', '<p>Unknown merchant.</p>');
      if (fields.currency !== '504' || !/^\d+\.\d{2}$/.test(fields.amount ?? ''))
        return page(res, 400, 'Payment refused', '<p>Amount or currency not accepted.</p>');
      const payment: SimulatedPayment = { id: randomBytes(8).toString('hex'), fields, callbackAnswer: null, callbackStatus: null };
      payments.set(payment.id, payment);
      simulator.payments.push(payment);
      return page(
        res,
        200,
        'CMI test gateway',
        `<p>Order <code>${html(fields.oid ?? '')}</code>: <strong>${html(fields.amount)} MAD</strong></p>
<form method="post" action="/fim/pay/${payment.id}"><label>Card number<input name="card" inputmode="numeric" autocomplete="off" value="${APPROVING_CARD}"></label>
<label>Expiry<input name="expiry" value="12/30"></label><label>CVV<input name="cvv" value="000"></label><button type="submit">Pay</button></form>
<p>Test cards: <code>${APPROVING_CARD}</code> approves, <code>${DECLINING_CARD}</code> declines.</p>`,
      );
    }
    const pay = /^\/fim\/pay\/([0-9a-f]+)$/.exec(url.pathname);
    if (req.method === 'POST' && pay) {
      const payment = payments.get(pay[1]);
      if (!payment) return page(res, 404, 'Unknown payment', '<p>This payment page has expired.</p>');
      const card = ((await readForm(req)).card ?? '').replace(/\D/g, '');
      payment.card = card;
      payment.approved = card === APPROVING_CARD;
      const { hash: _hash, HASH: _HASH, ...sent } = payment.fields;
      const result: Record<string, string> = {
        ...sent,
        ProcReturnCode: payment.approved ? '00' : '05',
        Response: payment.approved ? 'Approved' : 'Declined',
        mdStatus: '1',
        TransId: `SIM${randomBytes(5).toString('hex').toUpperCase()}`,
        AuthCode: payment.approved ? String(100000 + Math.floor(Math.random() * 900000)) : '',
        maskedCreditCard: `${card.slice(0, 4)}********${card.slice(-4)}`,
        ErrMsg: payment.approved ? '' : 'Not sufficient funds',
        'EXTRA.TRXDATE': new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14),
      };
      result.HASH = signature(result, options.storeKey);
      const answer = await postCallback(sent.callbackUrl, result);
      payment.callbackAnswer = answer.text;
      payment.callbackStatus = answer.status;
      if (simulator.holdReturns) return page(res, 200, 'Payment done', '<p>You may close this page.</p>');
      return autoPost(res, payment.approved ? sent.okUrl : sent.failUrl, result);
    }
    if (req.method === 'GET' && url.pathname === '/_sim/payments') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(simulator.payments));
      return;
    }
    page(res, 404, 'Not found', '');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  simulator.gatewayUrl = `http://${options.host ?? '127.0.0.1'}:${port}/fim/est3Dgate`;
  simulator.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return simulator;
}

// `npm run cmi:sim`: a gateway for a developer's shop on http://127.0.0.1:4545/fim/est3Dgate.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const storeKey = process.env.CMI_STORE_KEY ?? 'flora-dev-store-key';
  const simulator = await startCmiSimulator({
    storeKey,
    clientId: process.env.CMI_CLIENT_ID,
    port: Number(process.env.CMI_SIM_PORT ?? 4545),
  });
  console.log(`CMI test gateway on ${simulator.gatewayUrl}`);
  console.log(
    `Start the shop with CMI_GATEWAY_URL=${simulator.gatewayUrl} CMI_STORE_KEY=${storeKey} CMI_CLIENT_ID=${process.env.CMI_CLIENT_ID ?? '600000000'}`,
  );
}
