/**
 * The server's PostgreSQL pool stops a runaway statement (DATABASE_STATEMENT_TIMEOUT_MS). PostgreSQL
 * only: PGlite runs one query at a time in the process and has no use for it; CI runs this file
 * with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../test/helpers.js';
import { openDatabase } from './client.js';

describe.runIf(onPostgres)('statement timeout on PostgreSQL', () => {
  it('cancels a statement that runs longer than the limit, and the pool keeps working', async () => {
    const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, statementTimeoutMs: 200 });
    try {
      const started = Date.now();
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      expect(Date.now() - started).toBeLessThan(1500);
      const res = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(res.rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
