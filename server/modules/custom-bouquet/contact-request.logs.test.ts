/**
 * A contact request's visitor text (name, message) reaches the staff's mail, never the logs: the
 * mail's subject names the visitor, and the mail log line says only its id and lengths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { buildApp, requestLogSerializers } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestDatabase } from '../../test/helpers.js';
import { insertUser } from '../accounts/accounts.test-utils.js';

it('logs no visitor text when a contact request is sent and mailed', async () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-contact-log-'));
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT: 'false' });
  // No test mailer: the real one without SMTP (mails written to DATA_DIR/mail, one log line each).
  const app = await buildApp(config, database, {
    logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) }, serializers: requestLogSerializers },
    serveWeb: false,
  });
  try {
    await insertUser(database.db, 'florist@flora.test', 'admin');
    const res = await app.inject({
      method: 'POST',
      url: '/api/custom-bouquet/contact',
      payload: {
        full_name: 'Sara Zahraoui',
        email: 'sara.z@example.com',
        phone: '0612345678',
        message: 'Pivoines blanches pour samedi',
        kind: 'contact',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await app.mailQueue.settled();
    // On PostgreSQL the queue's worker sends the mail in its own time (after a quiet moment).
    await vi.waitFor(() => expect(lines.join('\n')).toContain('mail written to outbox'), { timeout: 60_000, interval: 100 });
    const logged = lines.join('\n');
    expect(logged).toMatch(/"subjectLength":\d+/);
    for (const text of ['Sara', 'Zahraoui', 'Pivoines', 'sara.z@', '0612345678']) expect(logged).not.toContain(text);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
