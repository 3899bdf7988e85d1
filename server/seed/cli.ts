/**
 * `npm run db:seed [-- --products N]`: migrates, then seeds the demo catalogue into DATABASE_URL
 * (PostgreSQL) or the PGlite database in DATA_DIR (default ./data). Pictures go to DATA_DIR/uploads, or
 * to the bucket of STORAGE_URL.
 * With `--products N`, also adds N generated products for benchmarks.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openPictureStore, StorageUnavailableError } from '../lib/storage/open.js';
import { seedLargeCatalogue } from './large.js';
import { seedDatabase } from './seed.js';

const { values } = parseArgs({
  options: { products: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: false,
});

if (values.help) {
  console.log('Usage: npm run db:seed [-- --products N]\n  DATABASE_URL=postgres://... or DATA_DIR=./data (PGlite)');
  process.exit(0);
}

const extra = values.products === undefined ? 0 : Number(values.products);
if (!Number.isInteger(extra) || extra < 0) {
  console.error(`--products expects a whole number, got "${values.products}"`);
  process.exit(1);
}

const url = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
const log = (msg: string) => console.log(msg);

let pictures;
try {
  pictures = await openPictureStore({ dataDir, storage: loadConfig().storage });
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof StorageUnavailableError ? err.message : err);
  process.exit(1);
}
const started = Date.now();
const database = await openDatabase({ url, dataDir });
try {
  log(`Database: ${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${path.join(dataDir, 'pglite')}`}`);
  await database.migrate();
  log('Migrations applied.');
  const { seeded } = await seedDatabase(database.db, { pictures, log });
  log(seeded ? `Demo catalogue seeded (pictures in ${pictures.location}).` : 'Demo catalogue already present: not seeded again.');
  if (extra > 0) {
    const { inserted } = await seedLargeCatalogue(database.db, extra, log);
    log(`Added ${inserted} generated products.`);
  }
  log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
  await pictures.close();
}
