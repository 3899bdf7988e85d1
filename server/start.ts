/**
 * The shop's entry point, compiled to dist/server/start.js by `npm run build` and run by `npm start`
 * (scripts/start.js, which builds first when the build is not current): one process (main.ts), or with
 * WEB_CONCURRENCY >= 2 a cluster on one port whose primary prepares the database once, forks the
 * workers, replaces one that dies and rolls them all on SIGHUP (cluster-primary.ts).
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.js';
import { PREPARED_ENV, runPrimary } from './cluster-primary.js';
import { createLogger } from './lib/logger.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

const { openShopDatabase, prepareShop, startServer, startFailureMessage } = await import('./main.js');
/** A failed start says why in one sentence (an unreachable DATABASE_URL, ...) and exits non-zero. */
const orExit = async (start: () => Promise<unknown>) => {
  try {
    await start();
  } catch (err) {
    console.error(startFailureMessage(err));
    process.exit(1);
  }
};
if (config.webConcurrency > 1) {
  // Several processes on one port (node:cluster shares the listening socket): the primary prepares
  // the database once, then each worker serves.
  if (cluster.isPrimary) {
    const log = createLogger({ level: config.logLevel });
    await orExit(async () => {
      const database = await openShopDatabase(config);
      await prepareShop(config, database, (msg) => log.info(msg));
      await database.close();
    });
    runPrimary(config, log);
  } else {
    // The first workers run the code the primary prepared the database for; any later one (a reload,
    // a replacement) may run a newer build and prepares it itself (migrations under the advisory lock).
    await orExit(() => startServer(config, { prepared: process.env[PREPARED_ENV] === '1', worker: true }));
  }
} else {
  await orExit(() => startServer(config));
}
