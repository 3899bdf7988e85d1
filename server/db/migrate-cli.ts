/** `npm run db:migrate`: apply the committed migrations to DATABASE_URL or the PGlite in DATA_DIR. */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';

try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.driver}).`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
