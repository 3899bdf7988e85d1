/**
 * A transaction whose write leaves in one round trip with its COMMIT: `inOneTripTransaction(db, (tx,
 * finish) => ...)`. The checkout's order write (checkout/order-write.ts) runs on it; what the
 * transaction does is the caller's, this file is only how it travels to PostgreSQL:
 *
 * - BEGIN is not waited for: the transaction's first reads go right behind it, in the same socket
 *   write (the connection pipelines them);
 * - the write's named steps (`WriteStep`, each its own common table expressions) are composed into
 *   ONE statement (`with <each step's parts> select <what must be read>`), built once per process and
 *   prepared once per connection for each combination of steps;
 * - that statement and the COMMIT leave in one write on the socket (`together`): PostgreSQL runs the
 *   COMMIT right after the statement, without waiting for this process to read any answer, so the
 *   rows the statement locks stay locked for the statement and the WAL flush only, never for a turn
 *   of a busy event loop (the 100-guest storm of bench/checkout.ts measured about 50 ms of lock
 *   holding per order when the statements went one round trip each, ~20 orders/s). When the statement
 *   fails, the transaction is aborted and the COMMIT only ends it (rolls back);
 * - each pool connection keeps one transaction handle, on which callers cache their prepared reads.
 *
 * On PGlite (one embedded connection) the statement and the COMMIT simply follow each other in an
 * ordinary drizzle transaction.
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from './client.js';

/**
 * One step of a write: its name, its common table expressions (`name as (insert ...)`, one or
 * more) built from a function giving each value's SQL, the values, and, when the statement must read
 * one of its expressions (a `select` part that nobody reads is not run), that expression.
 */
export interface WriteStep<V extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  parts: (value: (key: keyof V & string) => SQL) => SQL;
  values: V;
  out?: (value: (key: keyof V & string) => SQL) => SQL;
}

export const writeStep = <V extends Record<string, unknown>>(
  name: string,
  parts: (v: (key: keyof V & string) => SQL) => SQL,
  values: V,
  out?: (v: (key: keyof V & string) => SQL) => SQL,
): WriteStep => ({ name, parts, values, out }) as unknown as WriteStep;

/** Runs the steps of the transaction's write and ends the transaction (see the file comment); returns the statement's row. */
export type FinishTransaction = (steps: WriteStep[]) => Promise<Record<string, unknown>>;

/**
 * The prepared statement's name for these steps: `write:` and the steps, or, past PostgreSQL's 63
 * characters (it cuts longer names, so two combinations sharing their first 63 would clash on one
 * connection: a card order with a coupon has 71), `write:` and a digest of the steps.
 */
export function statementName(stepNames: string[]): string {
  const full = `write:${stepNames.join('+')}`;
  return full.length <= 63 ? full : `write:${createHash('sha256').update(full).digest('base64url').slice(0, 32)}`;
}

/**
 * The steps as ONE statement: `with <each step's parts> select <the expressions read>`, each step's
 * values under its own name (two steps may both call a value `names`). Its name lists the steps, so
 * each combination (with or without a coupon, a cart) is prepared once per connection.
 */
function oneStatement(steps: WriteStep[]): { name: string; build: (value: (key: string) => SQL) => SQL; values: Record<string, unknown> } {
  const own = (s: WriteStep, value: (key: string) => SQL) => (key: string) => value(`${s.name}.${key}`);
  return {
    name: statementName(steps.map((s) => s.name)),
    build: (value) =>
      sql`with ${sql.join(
        steps.map((s) => s.parts(own(s, value))),
        sql`, `,
      )} select ${sql.join(
        steps.flatMap((s) => (s.out ? [s.out(own(s, value))] : [])),
        sql`, `,
      )}`,
    values: Object.fromEntries(steps.flatMap((s) => Object.entries(s.values).map(([key, v]) => [`${s.name}.${key}`, v]))),
  };
}

const dialect = new PgDialect();

/** Each combination's text and parameters (placeholders), built once per process. */
const prepared = new Map<string, { sql: string; params: unknown[] }>();

function preparedQuery(steps: WriteStep[]): pg.QueryConfig {
  const write = oneStatement(steps);
  let query = prepared.get(write.name);
  if (!query) prepared.set(write.name, (query = dialect.sqlToQuery(write.build((key) => sql`${sql.placeholder(key)}`))));
  return { name: write.name, text: query.sql, values: fillPlaceholders(query.params, write.values) };
}

/** The transaction handle of each pool connection: prepared reads are cached on it (checkout/checkout-reads.ts). */
const handles = new WeakMap<pg.PoolClient, Tx>();

function handleOf(client: pg.PoolClient): Tx {
  let tx = handles.get(client);
  if (!tx) handles.set(client, (tx = drizzlePg(client) as unknown as Tx));
  return tx;
}

/**
 * Runs `send` with the connection's socket corked, so the statements it queues leave in ONE write:
 * PostgreSQL's session wakes once, runs them all and answers in one go, instead of a wake-up, a
 * reply and a socket read per statement (on two busy cores those context switches cost more than
 * the statements). node-postgres writes each statement on its own otherwise.
 */
function together<T>(client: pg.PoolClient, send: () => T): T {
  const socket = (client as unknown as pg.Client).connection.stream;
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}

/**
 * A one-trip transaction: `fn(tx, finish)`; `finish(steps)` runs the write's steps and commits
 * (pipelined with the COMMIT on PostgreSQL). When fn returns without calling finish (a replayed key),
 * the transaction is committed; when it throws before, it is rolled back.
 */
export async function inOneTripTransaction<T>(db: Db, fn: (tx: Tx, finish: FinishTransaction) => Promise<T>): Promise<T> {
  if (!(db instanceof NodePgDatabase)) {
    return db.transaction((tx) =>
      fn(tx, async (steps) => {
        const write = oneStatement(steps);
        const result = (await tx.execute(write.build((key) => sql`${sql.param(write.values[key])}`))) as unknown as {
          rows: Record<string, unknown>[];
        };
        return result.rows[0]!;
      }),
    );
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let ended = false;
  let broken: Error | undefined;
  // BEGIN is not waited for: the transaction's first statements go right behind it, in the same write
  // (fn queues its reads before its first await). The steps (the only writes) are sent only once
  // BEGIN has answered (long before, in the connection's order).
  let begun: Promise<unknown> | undefined;
  const finish: FinishTransaction = async (steps) => {
    await begun;
    ended = true;
    // The write and the COMMIT are sent together (one write on the socket; the connection pipelines
    // them): PostgreSQL runs the COMMIT right after the write, without waiting for this process to
    // read any answer, so the locked rows are held for the write and the WAL flush only. When the
    // write fails, the transaction is aborted and the COMMIT only ends it (rolls back).
    const [written, committed] = together(client, () => [client.query(preparedQuery(steps)), client.query('commit')] as const);
    committed.catch(() => undefined);
    const result = await written.catch(async (err: unknown) => {
      await committed.catch((e: Error) => (broken = e));
      throw err;
    });
    await committed;
    return result.rows[0]!;
  };
  try {
    const result = await together(client, () => {
      begun = client.query('begin');
      begun.catch(() => undefined);
      return fn(handleOf(client), finish);
    });
    if (!ended) {
      ended = true;
      await begun;
      await client.query('commit');
    }
    return result;
  } catch (err) {
    if (!ended) await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}
