/**
 * The shop's process: read config, open and migrate the database, seed it when empty, serve, and shut
 * down cleanly on Ctrl-C / SIGTERM (PGlite must be closed to keep its data).
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { ensureFirstSuperAdmin } from './modules/accounts/first-admin.js';
import { seedDatabase } from './seed/seed.js';

export async function startServer(config: Config) {
  const logger = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await database.migrate();
  const app = await buildApp(config, database, { logger });
  const log = (msg: string) => app.log.info(msg);

  const { seeded } = await seedDatabase(database.db, { uploadsDir: path.resolve(config.dataDir, 'uploads'), log });
  if (seeded) log('Demo catalogue seeded.');
  const admin = await ensureFirstSuperAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, log });
  // The generated password must reach a human even with LOG_LEVEL=warn.
  if (admin.generatedPassword) console.log(`First super admin: ${admin.email} / ${admin.generatedPassword}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
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
  app.log.info(`Shop ready on ${config.publicUrl} (database: ${database.driver})`);
  return app;
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]).replace(/\.ts$/, '') === path.resolve(import.meta.dirname, 'main');
if (isEntry) {
  try {
    await startServer(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  }
}
