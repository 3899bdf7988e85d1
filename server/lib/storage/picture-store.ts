/**
 * Where uploaded pictures and their WebP widths are kept: one small interface, two implementations
 * (a folder of this machine, `local-store.ts`; an S3-compatible bucket, `s3-store.ts`), chosen from
 * STORAGE_URL at start (`open.ts`). Uploads, the seed, `/uploads/...` and the ops scripts use only this.
 *
 * Keys are the paths under `/uploads/`: `products/<id>-640.webp`. They are made by the shop (a random
 * id), never by a visitor, and every implementation refuses anything but plain path segments.
 */
import type { Readable } from 'node:stream';

export interface StoredPicture {
  body: Readable;
  size: number;
  /** A validator for If-None-Match, quoted (`"…"` or `W/"…"`). */
  etag: string;
  lastModified: Date;
}

export interface PictureInfo {
  key: string;
  size: number;
}

export interface PictureStore {
  /** What it is, for messages: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  /** Throws StorageUnavailableError (one sentence) when pictures cannot be kept there. */
  check(): Promise<void>;
  /** Writes a whole picture; a reader never sees half of it. Same key again: replaced. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The picture as a stream, or null when there is none. */
  get(key: string): Promise<StoredPicture | null>;
  /** Its size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes it; a missing picture is not an error. */
  delete(key: string): Promise<void>;
  /** Every picture, in no promised order. */
  list(): AsyncIterable<PictureInfo>;
  /**
   * The picture's file on this machine, when the store is a folder: the ops scripts then link it
   * instead of copying (a large library costs no space twice).
   */
  localFile?(key: string): string;
  close(): Promise<void>;
}

/** The store cannot be used (unknown bucket, refused credentials, unreachable endpoint). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Path segments of letters, digits, `_`, `-` and inner dots: no `..`, no absolute path, no hidden file. */
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export const isPictureKey = (key: string): boolean => key.length <= 512 && KEY_RE.test(key) && !key.split('/').includes('..');

export function assertPictureKey(key: string): void {
  if (!isPictureKey(key)) throw new Error(`Not a picture key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** How long a picture may be kept by browsers and proxies: its name never names other bytes. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
