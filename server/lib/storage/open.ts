/**
 * The shop's picture store from its configuration: DATA_DIR/uploads when STORAGE_URL is unset, the
 * bucket otherwise. Checked before it is handed out, so a wrong bucket, refused credentials or an
 * unreachable endpoint end the start with one sentence (StorageUnavailableError), not a first upload's 500.
 */
import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalPictureStore } from './local-store.js';
import type { PictureStore } from './picture-store.js';
import { S3PictureStore } from './s3-store.js';

export type { PictureInfo, PictureStore, StoredPicture } from './picture-store.js';
export { StorageUnavailableError } from './picture-store.js';

/** The folder of the local store: DATA_DIR/uploads. */
export const localUploadsDir = (dataDir: string): string => path.resolve(dataDir, 'uploads');

export function createPictureStore(config: Pick<Config, 'dataDir' | 'storage'>): PictureStore {
  const storage = config.storage;
  if (storage.kind === 'local') return new LocalPictureStore(localUploadsDir(config.dataDir));
  return new S3PictureStore(storage);
}

export async function openPictureStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<PictureStore> {
  const store = createPictureStore(config);
  try {
    await store.check();
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
