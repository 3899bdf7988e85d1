/**
 * Pictures in a folder of this machine (DATA_DIR/uploads): the default, and what several processes of
 * one machine share. Writes go to a temporary name beside the target and are renamed into place, so a
 * reader (another process serving the same key) sees the whole file or none.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertPictureKey,
  isPictureKey,
  StorageUnavailableError,
  type PictureInfo,
  type PictureStore,
  type StoredPicture,
} from './picture-store.js';

/** Suffix of a file being written (skipped by list()). */
const PARTIAL = '.partial-';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

export class LocalPictureStore implements PictureStore {
  readonly location: string;

  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.location = this.root;
  }

  localFile(key: string): string {
    assertPictureKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
    } catch (err) {
      throw new StorageUnavailableError(
        `The pictures' folder ${this.root} cannot be created (${(err as NodeJS.ErrnoException).code ?? String(err)}).`,
        { cause: err },
      );
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.localFile(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}${PARTIAL}${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(partial, body);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredPicture | null> {
    const file = this.localFile(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      // Opened before answering: a file deleted in between is a 404, not a broken answer.
      const body = createReadStream(file);
      await new Promise<void>((resolve, reject) => body.once('open', () => resolve()).once('error', reject));
      // The validator @fastify/static gave these files, so caches keep matching after the change.
      const etag = `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
      return { body, size: info.size, etag, lastModified: info.mtime };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.localFile(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.localFile(key), { force: true });
  }

  async *list(): AsyncIterable<PictureInfo> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (missing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.includes(PARTIAL)) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!isPictureKey(key)) continue;
      const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (info) yield { key, size: info.size };
    }
  }

  async close(): Promise<void> {}
}
