/**
 * The shop's process: read config, open and migrate the database, seed it when empty, serve, and shut
 * down cleanly on Ctrl-C / SIGTERM (PGlite must be closed to keep its data).
 */
import path from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DatabaseUnreachableError, openDatabase, type Database } from './db/client.js';
import { databaseUnavailable } from './db/unavailable.js';
import { openSharedState } from './lib/shared-state.js';
import { drainable } from './lib/drain.js';
import { fastifyLoggerOptions } from './lib/logger.js';
import { givenPublicUrl, whereServing } from './lib/ready-line.js';
import { openPictureStore, StorageUnavailableError } from './lib/storage/open.js';

/** Any fixed number: the advisory lock that lets one process at a time prepare a shared database. */
const STARTUP_LOCK = 72_001;
/**
 * How long a stopping process waits for its kept-alive connections to end by themselves (each busy one
 * after its next answer, which says Connection: close) before closing those left idle. Closing an idle
 * connection races with its client sending on it, so only connections quiet for this long are closed:
 * a client of a busy shop sends again well within it (at one second, a drill under load lost 2-4
 * requests in 3,000 to such closes).
 */
const DRAIN_GRACE_MS = 5000;
/** A stop that takes longer than this (a request stuck past the drain) ends the process anyway. */
const STOP_DEADLINE_MS = 20_000;

export function openShopDatabase(config: Config): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    checkoutPoolSize: config.databaseCheckoutPoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs || undefined,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
  });
}

/**
 * Migrations, demo seed, search re-index and the first super admin. Several processes (a cluster, or
 * several machines on one PostgreSQL) take turns through an advisory lock, so the first does the work
 * and the others find it done.
 */
export async function prepareShop(config: Config, database: Database, log: (msg: string) => void): Promise<void> {
  const lock = config.databaseUrl
    ? new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: config.databaseConnectTimeoutMs })
    : null;
  if (lock) {
    await lock.connect().catch((err: unknown) => {
      throw new DatabaseUnreachableError(config.databaseUrl!, err);
    });
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
  }
  try {
    const [{ seedDatabase }, { drawPicturesInChild }, { reindexStaleProducts }, { vacuumIfMapEmpty }, { ensureFirstSuperAdmin }] =
      await Promise.all([
        import('./seed/seed.js'),
        import('./seed/draw-in-child.js'),
        import('./modules/catalogue/read/search-index.js'),
        import('./db/maintenance.js'),
        import('./modules/accounts/first-admin.js'),
      ]);
    await database.migrate();
    const pictures = await openPictureStore(config);
    const { seeded } = await seedDatabase(database.db, { pictures, log, drawPictures: drawPicturesInChild, demo: config.demoData }).finally(
      () => pictures.close(),
    );
    if (seeded)
      log(config.demoData ? 'Demo catalogue seeded.' : 'Categories, colours and delivery zones seeded (DEMO_DATA=false: no demo content).');
    // Products indexed by an older version of search (or bulk-loaded without keys) are re-indexed.
    const reindexed = await reindexStaleProducts(database.db);
    if (reindexed > 0) log(`Search index rebuilt for ${reindexed} products.`);
    await vacuumIfMapEmpty(database.db, ['products', 'product_search', 'product_colors', 'product_translations'], log);
    const admin = await ensureFirstSuperAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, log });
    // The generated password must reach a human even with LOG_LEVEL=warn.
    if (admin.generatedPassword) console.log(`First super admin: ${admin.email} / ${admin.generatedPassword}`);
  } finally {
    // Ending the session releases the lock.
    await lock?.end();
  }
}

export interface StartOptions {
  /** A cluster's primary prepared the database already (server/start.ts). */
  prepared?: boolean;
  /** One of a cluster's processes: its start line says "Worker", the primary's says "Shop". */
  worker?: boolean;
}

export async function startServer(config: Config, options: StartOptions = {}) {
  surviveDatabaseRejections();
  // The database first, the application's modules after: an unreachable database ends the start
  // before the seconds spent loading them.
  const database = await openShopDatabase(config);
  const [{ buildApp, requestLogSerializers }, { setListCacheTtl }] = await Promise.all([
    import('./app.js'),
    import('./modules/catalogue/read/cache.js'),
  ]);
  const logger = fastifyLoggerOptions({ level: config.logLevel }, requestLogSerializers);
  setListCacheTtl(config.catalogueCacheMs);
  const shared = await openSharedState(config.redisUrl, config.redisPrefix, console);
  const app = await buildApp(config, database, { logger, shared });
  if (!options.prepared) await prepareShop(config, database, (msg) => app.log.info(msg));

  const drain = drainable(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: no new connections, finishing the requests in progress`);
    const force = setTimeout(() => process.exit(1), STOP_DEADLINE_MS);
    force.unref();
    try {
      await drain(DRAIN_GRACE_MS);
      app.log.info('Requests finished, connections closed; closing the database');
      await app.close();
      await shared.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${options.worker ? `Worker ${process.pid} ready` : 'Shop ready'} ${whereServing(app.server.address(), givenPublicUrl())} (database: ${database.driver})`,
  );
  return app;
}

/**
 * What a failed start prints: one sentence for what the operator can fix (configuration, an unreachable
 * database or picture store), the error itself for anything else (a bug to report).
 */
export function startFailureMessage(err: unknown): string {
  if (err instanceof ConfigError || err instanceof DatabaseUnreachableError || err instanceof StorageUnavailableError) return err.message;
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/**
 * A library that loses the database may leave a rejected promise nobody awaits (graphile-worker did);
 * Node would end the process for it, taking down every request with it. Such a rejection is logged on
 * one line and the process goes on (the pools and the mail worker come back by themselves); any other
 * stays fatal, as Node intends.
 */
let surviving = false;
function surviveDatabaseRejections(): void {
  if (surviving) return;
  surviving = true;
  process.on('unhandledRejection', (reason) => {
    if (!databaseUnavailable(reason)) throw reason;
    const e = reason as { code?: string; message?: string };
    console.error(
      `Database unreachable in the background (${[e.code, String(e.message ?? reason).split('\n')[0]].filter(Boolean).join(' ')}); continuing.`,
    );
  });
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]).replace(/\.ts$/, '') === path.resolve(import.meta.dirname, 'main');
if (isEntry) {
  try {
    await startServer(loadConfig());
  } catch (err) {
    console.error(startFailureMessage(err));
    process.exit(1);
  }
}
