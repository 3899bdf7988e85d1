/**
 * Outgoing e-mail. With SMTP_URL: real SMTP through nodemailer. Without it: each message is written to
 * DATA_DIR/mail/<time>-<id>.eml and its links are printed on the console, so someone running the shop
 * locally can still confirm an account or reset a password. Callers do not send directly: they queue
 * the mail in their transaction (lib/mail-queue.ts queueMail), and the queue sends it with retries.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  /** Links worth printing on the console in file mode (confirmation, reset). */
  links?: string[];
  replyTo?: string;
  /** Fixed per outbox row, so a mail sent twice after a crash is recognisably the same one. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'> & Partial<Pick<Config, 'env'>>, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info(mailLogFields(message), 'mail sent');
      },
    };
  }
  const outbox = path.resolve(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      // Printed on purpose: without SMTP this is how a local operator reaches the link. Never in
      // production, where logs are shipped and kept: there the link stays in the .eml file.
      const links = config.env === 'production' ? undefined : message.links;
      log.info({ ...mailLogFields(message), file, links }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}

/**
 * What a log line says of a mail: its id and the subject's length, never the subject, which can hold a
 * visitor's text (a contact request's subject names the visitor).
 */
function mailLogFields(message: MailMessage) {
  return { to: redact(message.to), messageId: message.messageId, subjectLength: message.subject.length };
}

/** Keeps logs free of full addresses: "a***@example.com". */
export function redact(to: string | string[]): string {
  const one = (address: string) => address.replace(/^(.).*(@.*)$/, '$1***$2');
  return Array.isArray(to) ? to.map(one).join(', ') : one(to);
}

/** A mailer that keeps messages in memory: for tests. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/**
 * Hands a mail to `mailer` without ever failing the request that caused it: a failure is logged
 * (without the message) and reported as false. With the app's mailer (`app.mailer`) this queues the
 * mail in the durable outbox; SMTP trouble no longer fails it, only a database failure can.
 */
export async function trySend(mailer: Mailer, log: Logger, message: MailMessage, kind: string): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (err) {
    const e = err as { message?: string; code?: string };
    log.error({ kind, err: { message: e?.message, code: e?.code } }, 'mail could not be sent');
    return false;
  }
}
