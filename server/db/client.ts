/**
 * One database handle for both drivers: PGlite (embedded, default; data in DATA_DIR/pglite or in
 * memory) and PostgreSQL (node-postgres) when a URL is given. Both speak the same pg-core schema.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { migrateMailQueue } from '../lib/mail-queue.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. Use only it inside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services that can run inside or outside one take this. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * The mail queue's own node-postgres pool (PostgreSQL only): graphile-worker keeps one connection
   * listening and sends mails through the others. Separate from `queryPool`, so mails sent during a
   * checkout storm never take a connection a request is waiting for.
   */
  pool?: pg.Pool;
  /** The pool behind `db` (PostgreSQL only): the requests' connections (DATABASE_POOL_SIZE). */
  queryPool?: pg.Pool;
  /**
   * Where orders are placed (checkout.service.ts `placeOrder`). On PostgreSQL a pool of its own, kept
   * small (DATABASE_CHECKOUT_POOL_SIZE): every order locks its products' rows and the same sales
   * rollup rows, so checkouts beyond what the database's cores run at once only wait inside PostgreSQL,
   * each wait costing it CPU. They wait here instead, in Node, for free. On PGlite it is `db`.
   */
  checkoutDb: Db;
  /** The pool behind `checkoutDb` (PostgreSQL only). */
  checkoutPool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, which `loadDataDir` starts another database from. */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres://... for PostgreSQL; absent for PGlite. */
  url?: string;
  /** PGlite data folder; absent for an in-memory database. */
  dataDir?: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /** Size of the checkouts' own pool on PostgreSQL (default 3, see `Database.checkoutDb`). */
  checkoutPoolSize?: number;
  /**
   * On PostgreSQL, the longest a statement of the pool may run (ms): a runaway query (a catalogue read
   * that planned badly, a lock wait) fails with a 500 instead of holding a connection. Migrations run
   * on their own connection without it.
   */
  statementTimeoutMs?: number;
  /**
   * PGlite only: start from this dumped data folder (`dumpDataDir`) instead of an empty cluster. The
   * tests start every database from one migrated template (server/test/global-setup.ts).
   */
  loadDataDir?: Blob;
}

/**
 * An idle connection the server closes (restart, failover, a dropped test database) must not crash
 * the process: the pool replaces it on the next query. The same for a connection checked out when the
 * server drops it (graphile-worker asks for both handlers).
 */
function guardPool(pool: pg.Pool): void {
  const report = (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error(`PostgreSQL connection error: ${err.message}`);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // The requests' pool and the checkouts' pool: same settings, sizes apart.
    const shopPool = (max: number) =>
      new pg.Pool({
        connectionString: options.url,
        max,
        statement_timeout: options.statementTimeoutMs,
        // Idle connections stay open (pg-pool closes them after 10 s by default): a burst of checkouts after
        // a quiet minute then finds warm sessions instead of opening new ones, each paying its start-up and
        // first plans (the checkout storm measured p99 ~3 s with fresh connections, ~1 s with warm ones).
        idleTimeoutMillis: 0,
        // The shop's reads are many small ones, each bounded by an index: starting parallel workers for
        // one (a Gather of 2 over a colour filter) took 90 ms of a 114 ms page on a busy 2-core machine,
        // and JIT compiling a plan costs more than running it. Reports read the rollups.
        options: '-c jit=off -c max_parallel_workers_per_gather=0',
        // Statements queued together on one connection (a transaction's independent reads, the checkout's
        // key lock, look-up, cart and catalogue reads) go out at once and their answers come back in order,
        // instead of each waiting for the previous answer to be read (node-postgres's pipelining). Each
        // keeps its own Sync, so an error is still that statement's (in a transaction the ones after it
        // fail with the transaction, as before). Without it node-postgres queues them one by one, and
        // warns that queueing on a busy client goes away in pg 9.
        pipeline: true,
      });
    const pool = shopPool(options.poolSize ?? 10);
    guardPool(pool);
    const checkoutPool = shopPool(options.checkoutPoolSize ?? 3);
    guardPool(checkoutPool);
    // The mail queue: a listening connection, two sending (mail-queue.ts concurrency) and one spare;
    // opened only when the queue starts.
    const queuePool = new pg.Pool({ connectionString: options.url, max: 4, statement_timeout: options.statementTimeoutMs });
    guardPool(queuePool);
    // Fail fast with a readable error when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      pool: queuePool,
      checkoutDb: drizzlePg(checkoutPool, { schema }) as unknown as Db,
      checkoutPool,
      queryPool: pool,
      migrate: async () => {
        // On a connection of its own, without the pool's statement timeout.
        const single = new pg.Pool({ connectionString: options.url, max: 1 });
        guardPool(single);
        try {
          await migratePg(drizzlePg(single, { schema }) as never, { migrationsFolder });
          // The mail queue's job tables (graphile-worker keeps its own schema and versions).
          await migrateMailQueue(single);
        } finally {
          await single.end();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), checkoutPool.end(), queuePool.end()]);
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    // PGlite does not create parent folders itself.
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    checkoutDb: db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
