/**
 * One database handle for both drivers: PGlite (embedded, default; data in DATA_DIR/pglite or in
 * memory) and PostgreSQL (node-postgres) when a URL is given. Both speak the same pg-core schema.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
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
import { migrateJobQueue } from './job-queue-schema.js';

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
   * On PostgreSQL, the longest wait to open one connection (ms, default 5000): a refused, unreachable or
   * silent server (it accepts the connection, never answers) fails within it instead of hanging.
   */
  connectTimeoutMs?: number;
  /**
   * On PostgreSQL, the longest wait in Node for a free connection of a pool or for a query's answer (ms,
   * default 6000). Longer than the statement timeout, so a slow statement still ends as PostgreSQL's own
   * timeout; this one catches a server or network gone silent. Migrations run without it.
   */
  queryTimeoutMs?: number;
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

/**
 * PGlite's PostgreSQL settings: its own defaults, with smaller buffers. Its memory is one WebAssembly
 * heap that grows and never shrinks, and PostgreSQL touches all of shared_buffers at start: the
 * default 128 MB is resident from the first second, for a shop database that fits several times in
 * 32 MB. Pages beyond it are read again from the data folder's files, which the operating system
 * caches outside the process. Index builds (migrations) and sorts get 16 MB, their memory also kept
 * by the heap for good once used.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * Creates the cluster of a new PGlite data folder (initdb) in a short-lived Node process. In this
 * process, initdb's own WebAssembly heap and the first instance's stay mapped long after they are
 * closed: a first start held some 150 MB more than every later start of the same folder.
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    // Run from this file's folder: the package is found in the repository's node_modules, as here.
    // No time limit: initdb takes seconds, but minutes on a machine busy with other work (as in-process).
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script, dataDir],
      { cwd: path.dirname(fileURLToPath(import.meta.url)) },
      (err, _stdout, stderr) =>
        err
          ? reject(new Error(`Could not create the PGlite database in ${dataDir}: ${stderr.trim() || err.signal || err.message}`))
          : resolve(),
    );
  });
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 6_000;

/**
 * The database could not be reached at start: one sentence naming DATABASE_URL and where it pointed
 * (host and port, never the password), for the operator; main.ts prints it without a stack trace.
 */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const where = (() => {
      try {
        const u = new URL(url);
        return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname.length > 1 ? ` (database ${decodeURIComponent(u.pathname.slice(1))})` : ''}`;
      } catch {
        return 'an unreadable address';
      }
    })();
    const reason = describeConnectionError(cause);
    super(
      `Cannot reach PostgreSQL at ${where} given by DATABASE_URL: ${reason}. Check that the server runs and that DATABASE_URL is right.`,
      { cause },
    );
  }
}

/** A connection failure in a few words, without addresses or secrets (the caller names the server). */
function describeConnectionError(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const code = e?.code ?? e?.errors?.find((x) => x.code)?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host cannot be reached';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if (code === '28P01' || code === '28000') return 'the user or password was refused';
  if (code === '3D000') return 'the database does not exist';
  if (code === '57P03') return 'the server is starting up or shutting down';
  const message = String(e?.message ?? err);
  if (/timeout/i.test(message)) return 'the server did not answer in time (is something silent listening there?)';
  if (/terminated/i.test(message)) return 'the server closed the connection';
  return message
    .split('\n')[0]!
    .replace(/postgres(ql)?:\/\/\S+/g, 'the URL')
    .slice(0, 200);
}

/**
 * node-postgres's Client with its own connect timeout. The pool's `connectionTimeoutMillis` bounds the
 * wait for a free connection (the query timeout here); opening a new one is bounded by this one.
 */
function clientWithConnectTimeout(connectTimeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeoutMs });
    }
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    // What every pool of the shop shares: no wait on PostgreSQL without an end. A connection found dead
    // by TCP keepalive (a peer gone without closing) fails instead of waiting forever.
    const bounded = {
      connectionString: options.url,
      Client: clientWithConnectTimeout(connectTimeoutMs),
      connectionTimeoutMillis: queryTimeoutMs,
      query_timeout: queryTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
    // The requests' pool and the checkouts' pool: same settings, sizes apart.
    const shopPool = (max: number, settings = '') =>
      new pg.Pool({
        ...bounded,
        max,
        statement_timeout: options.statementTimeoutMs,
        // Idle connections stay open (pg-pool closes them after 10 s by default): a burst of checkouts after
        // a quiet minute then finds warm sessions instead of opening new ones, each paying its start-up and
        // first plans (the checkout storm measured p99 ~3 s with fresh connections, ~1 s with warm ones).
        idleTimeoutMillis: 0,
        // The shop's reads are many small ones, each bounded by an index: starting parallel workers for
        // one (a Gather of 2 over a colour filter) took 90 ms of a 114 ms page on a busy 2-core machine,
        // and JIT compiling a plan costs more than running it. Reports read the rollups.
        options: `-c jit=off -c max_parallel_workers_per_gather=0${settings}`,
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
    // The checkouts' statements are prepared once per connection and run with new values for every
    // order: their generic plan (made once) is right for every order (look-ups by key, arrays of ids),
    // where PostgreSQL's default keeps weighing a new plan for each execution of the order's write
    // (about a quarter of PostgreSQL's CPU per checkout in the 100-guest storm).
    const checkoutPool = shopPool(options.checkoutPoolSize ?? 3, ' -c plan_cache_mode=force_generic_plan');
    guardPool(checkoutPool);
    // The mail queue: a listening connection, two sending (mail-queue.ts concurrency), one spare and one
    // holding the worker's liveness lock (mail-worker.ts); opened only when the queue starts.
    const queuePool = new pg.Pool({ ...bounded, max: 5, statement_timeout: options.statementTimeoutMs });
    guardPool(queuePool);
    // Fail fast with a readable error when the server is unreachable or silent.
    try {
      const client = await pool.connect();
      client.release();
    } catch (err) {
      await Promise.all([pool.end(), checkoutPool.end(), queuePool.end()]).catch(() => undefined);
      throw new DatabaseUnreachableError(options.url, err);
    }
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
        const single = new pg.Pool({ connectionString: options.url, Client: clientWithConnectTimeout(connectTimeoutMs), max: 1 });
        guardPool(single);
        try {
          await migratePg(drizzlePg(single, { schema }) as never, { migrationsFolder });
          // The mail queue's job tables (graphile-worker keeps its own schema and versions).
          await migrateJobQueue(single);
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
  if (dataDir && !options.loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteDataDir(dataDir);
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
  });
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
