/**
 * `npm run storage:copy`: copies this shop's pictures from DATA_DIR/uploads into the bucket of
 * STORAGE_URL (see storage-copy.ts), before the shop is started with STORAGE_URL. Prints what it did;
 * exit 1 when a picture could not be copied (run it again: what is there is skipped).
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { LocalPictureStore } from '../lib/storage/local-store.js';
import { localUploadsDir, openPictureStore, StorageUnavailableError } from '../lib/storage/open.js';
import { copyPictures } from './storage-copy.js';

try {
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error(
      'STORAGE_URL is not set: give the bucket to copy into (STORAGE_URL=s3://bucket/prefix, with S3_ENDPOINT and the keys as for the shop).',
    );
    process.exit(1);
  }
  const folder = localUploadsDir(config.dataDir);
  if (!existsSync(folder)) {
    console.error(`There is no picture folder ${folder} (DATA_DIR=${config.dataDir}): nothing to copy.`);
    process.exit(1);
  }
  const target = await openPictureStore(config);
  console.log(`Copying the pictures of ${folder} into ${target.location}...`);
  const started = Date.now();
  const result = await copyPictures(new LocalPictureStore(folder), target, (done) => console.log(`  ${done} pictures looked at...`));
  await target.close();
  console.log(
    `Copied ${result.copied} pictures (${(result.bytes / 1024 / 1024).toFixed(1)} MB), skipped ${result.skipped} already there with the same size, ` +
      `${result.failed.length} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  for (const { key, reason } of result.failed.slice(0, 20)) console.error(`  ${key}: ${reason}`);
  if (result.failed.length > 0) {
    console.error('Some pictures were not copied: run the command again (what is already there is skipped).');
    process.exit(1);
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof StorageUnavailableError ? err.message : err);
  process.exit(1);
}
