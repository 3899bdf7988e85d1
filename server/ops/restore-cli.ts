/** `npm run restore -- <file> [--force]`: see restore.ts. Stop the shop first. */
import { ConfigError, loadConfig } from '../config.js';
import { StorageUnavailableError } from '../lib/storage/open.js';
import { PgToolMissingError } from './pg-tools.js';
import { RestoreError, restoreShop } from './restore.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 1 || args.some((a) => a.startsWith('--') && a !== '--force')) {
  console.error('Usage: npm run restore -- <backup file> [--force]   (--force replaces a database and pictures already there)');
  process.exit(2);
}
try {
  const { manifest } = await restoreShop(loadConfig(), files[0]!, { force, log: (msg) => console.log(msg) });
  console.log(`Restored the backup of ${manifest.createdAt}: counts and ${manifest.uploads.length} pictures match its manifest.`);
} catch (err) {
  const known =
    err instanceof ConfigError ||
    err instanceof StorageUnavailableError ||
    err instanceof RestoreError ||
    err instanceof PgToolMissingError;
  // The reason, without a stack trace: an unexpected error in one line too.
  const message = String((err as Error)?.message ?? err);
  console.error(
    known
      ? message
      : `Restore failed: ${
          message
            .split('\n')
            .find((l) => l.trim() !== '')
            ?.trim() ?? 'unknown error'
        }`,
  );
  process.exit(1);
}
