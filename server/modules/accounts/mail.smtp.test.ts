/**
 * Mail really leaves over SMTP: a local SMTP server receives the confirmation and reset mails, and
 * their links work through the API. The app's pino log is captured: no password or token in it.
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createMailer } from '../../lib/mail.js';
import { createTestDatabase } from '../../test/helpers.js';

interface Received {
  from?: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
const logLines: string[] = [];
let smtp: SMTPServer;
let app: App;
let database: Database;

const PASSWORD = 'Tulipe-Secrete-77';
const EMAIL = 'smtp.user@example.com';

/** Undoes quoted-printable soft breaks and escapes (enough to read links in the text part). */
const decodeQp = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitForMail(count: number) {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  expect(received.length).toBeGreaterThanOrEqual(count);
  return received[count - 1]!;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/flora-smtp-test',
    RATE_LIMIT: 'false',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  });
  const stream = { write: (line: string) => void logLines.push(line) };
  const logger = pino({ level: 'trace' }, stream);
  database = await createTestDatabase();
  app = await buildApp(config, database, {
    logger: { level: 'trace', stream },
    mailer: createMailer(config, logger),
    serveWeb: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en' } });

describe('e-mail over SMTP', () => {
  it('delivers the confirmation mail, whose link confirms the account', async () => {
    const res = await post('/api/register', {
      name: 'Smtp User',
      email: EMAIL,
      phone: '0612345678',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail(1);
    expect(mail.to).toEqual([EMAIL]);
    expect(mail.from).toBe('shop@flora.ma');
    expect(mail.raw).toMatch(/^Subject: .*Confirm[ _]your[ _]email[ _]address/m);
    expect(mail.raw).toContain('multipart/alternative');
    expect(mail.raw).toContain('text/html');
    const body = decodeQp(mail.raw);
    const links = [...body.matchAll(/http:\/\/localhost:3000\/en\/email-confirmation\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links).size).toBe(1);
    expect(body).not.toContain(PASSWORD);

    expect((await post('/api/login', { email: EMAIL, password: PASSWORD })).statusCode).toBe(403);
    const confirm = await post('/api/email/confirm', { token: links[0] });
    expect(confirm.statusCode).toBe(200);
    expect((await post('/api/login', { email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
  });

  it('delivers the reset mail, whose link resets the password', async () => {
    expect((await post('/api/password/forgot', { email: EMAIL })).statusCode).toBe(200);
    const mail = await waitForMail(2);
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(decodeQp(mail.raw))?.[1];
    expect(token).toBeDefined();
    const res = await post('/api/password/reset', { token: token!, password: 'Nouveau-77', password_confirmation: 'Nouveau-77' });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/login', { email: EMAIL, password: 'Nouveau-77' })).statusCode).toBe(200);
  });

  it('logs requests and mails without passwords, tokens or bodies', async () => {
    await post('/api/login', { email: EMAIL, password: 'Wrong-Password-123' });
    await post('/api/register', {
      name: 'x',
      email: 'bad',
      phone: '1',
      password: 'Short-Secret-9',
      password_confirmation: 'Other-Secret-9',
    });
    const login = await post('/api/login', { email: EMAIL, password: 'Nouveau-77' });
    const sessionToken = login.json().token as string;
    await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${sessionToken}` } });
    // A broken JSON body: the parse error logged must not quote it.
    const broken = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"x@example.com","password":"Broken-Json-Secret" oops}',
    });
    expect(broken.statusCode).toBe(400);

    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    expect(log).toContain('mail sent');
    for (const secret of [PASSWORD, 'Nouveau-77', 'Wrong-Password-123', 'Short-Secret-9', 'Broken-Json-Secret', sessionToken]) {
      expect(log).not.toContain(secret);
    }
    // Neither token of the mails is logged when mail goes over SMTP.
    for (const mail of received) {
      for (const m of decodeQp(mail.raw).matchAll(/(?:email-confirmation\/|token=)([A-Za-z0-9_-]{43})/g)) {
        expect(log).not.toContain(m[1]);
      }
    }
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toContain(EMAIL);
  });
});
