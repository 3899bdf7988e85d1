/** Reads the mail outbox the e2e server writes (no SMTP_URL): newest message to an address. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'mail');

/** Quoted-printable text as UTF-8 (its escapes are bytes: an Arabic letter is two of them). */
const fromQuotedPrintable = (body: string): string =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * Decodes an .eml well enough to find links and text: each MIME part (cut at its boundary lines) in
 * base64 or quoted-printable is decoded as UTF-8; headers and plain parts stay as they are.
 */
function decode(raw: string): string {
  return raw
    .split(/^(?=--)/m)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const head = part.slice(0, split);
      const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
      const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'base64') return `${head}\n\n${Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8')}`;
      if (encoding === 'quoted-printable') return `${head}\n\n${fromQuotedPrintable(body)}`;
      return part;
    })
    .join('');
}

/**
 * The newest mail to `to` (matching `subject`), waiting for it. `besides` names mails already read:
 * a second mail of the same kind is written by the mail queue a moment after the request that asks
 * for it, so without it the first one, already there, would be taken for it.
 */
export async function waitForMail(to: string, opts: { subject?: RegExp; timeoutMs?: number; besides?: string[] } = {}) {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    const files = (await readdir(outbox()).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      if (opts.besides?.includes(file)) continue;
      const raw = await readFile(path.join(outbox(), file), 'utf8');
      const head = raw.split(/\r?\n\r?\n/)[0];
      const toLine = head.match(/^To: (.*)$/im)?.[1] ?? '';
      if (!toLine.toLowerCase().includes(to.toLowerCase())) continue;
      const text = decode(raw);
      if (opts.subject && !opts.subject.test(text)) continue;
      const links = [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
      return { file, text, links };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} within the timeout`);
}
