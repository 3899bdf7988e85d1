/**
 * Runs a read and returns its rows, on either driver. With a `name` on PostgreSQL the statement is
 * prepared once per connection and reused, which skips the planner on every call: for the product
 * loading query planning costs more than running it. (Named statements need a fixed SQL text: the
 * values must all be parameters.) `byShape` names the statement after its text, for queries built
 * from a bounded set of shapes (which filters are set, never their values). On PGlite, or without a
 * name, it is a plain `db.execute`.
 */
import { hash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.js';

const dialect = new PgDialect();

export const byShape = Symbol('prepared by shape');

export async function sqlRows<T>(db: DbOrTx, query: SQL, name?: string | typeof byShape): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (name && client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const statement = name === byShape ? `shape_${hash('sha1', text, 'hex').slice(0, 20)}` : name;
    const result = await client.query({ name: statement, text, values: params as unknown[] });
    return result.rows as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
