/**
 * The shop's picture store from its configuration: DATA_DIR/uploads when STORAGE_URL is unset, the
 * bucket otherwise. Checked before it is handed out, so a wrong bucket, refused credentials or an
 * unreachable endpoint end the start with one sentence (StorageUnavailableError), not a first upload's 500.
 */
import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalPictureStore } from './local-store.js';
import type { PictureStore } from './picture-store.js';

export type { PictureInfo, PictureStore, StoredPicture } from './picture-store.js';
export { StorageUnavailableError } from './picture-store.js';

/** The folder of the local store: DATA_DIR/uploads. */
export const localUploadsDir = (dataDir: string): string => path.resolve(dataDir, 'uploads');

export async function createPictureStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<PictureStore> {
  const storage = config.storage;
  if (storage.kind === 'local') return new LocalPictureStore(localUploadsDir(config.dataDir));
  // Loaded only for a bucket: the AWS SDK takes a second or more to load, which a shop on its own
  // folder should not pay at every start of every process.
  const { S3PictureStore } = await import('./s3-store.js');
  return new S3PictureStore(storage);
}

export async function openPictureStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<PictureStore> {
  const store = await createPictureStore(config);
  try {
    await store.check();
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
