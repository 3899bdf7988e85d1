/** `npm run backup -- <file>`: see backup.ts. Prints what the archive holds; exit 1 with a reason on failure. */
import { ConfigError, loadConfig } from '../config.js';
import { StorageUnavailableError } from '../lib/storage/open.js';
import { BackupError, backupShop } from './backup.js';
import { PgToolMissingError } from './pg-tools.js';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file.tar or file.tar.gz>');
  process.exit(2);
}
try {
  const { file: written, manifest, bytes } = await backupShop(loadConfig(), file, (msg) => console.log(msg));
  const counts = Object.entries(manifest.counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `Backup written: ${written} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.driver}, migration ${manifest.database.lastMigration ?? 'none'}).`,
  );
  console.log(`Rows: ${counts}; pictures: ${manifest.uploads.length}.`);
} catch (err) {
  const known =
    err instanceof ConfigError || err instanceof StorageUnavailableError || err instanceof BackupError || err instanceof PgToolMissingError;
  console.error(known ? (err as Error).message : err);
  process.exit(1);
}
