/**
 * Image library on sharp: checks an upload by its content (JPEG, PNG, WebP or AVIF only; SVG and
 * anything else refused), guards against decompression bombs, auto-rotates, strips metadata and
 * stores WebP pictures `<key>-<width>.webp` in the widths of IMAGE_WIDTHS in the shop's picture store
 * (a folder or a bucket, lib/storage/). All widths are made at upload: `/uploads/...` only ever reads.
 * Used by the demo seed and by the back office uploads.
 */
import { randomBytes } from 'node:crypto';
import type sharpFunction from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_WIDTHS } from '../../shared/constants.js';
import { isPictureKey, type PictureStore } from './storage/picture-store.js';

export type ImageErrorCode = 'unsupported_type' | 'too_large';

export class ImageError extends Error {
  readonly code: ImageErrorCode;
  constructor(code: ImageErrorCode, message: string) {
    super(message);
    this.name = 'ImageError';
    this.code = code;
  }
}

/** Input pixel limit (width x height) against decompression bombs: 25 megapixels. */
export const MAX_INPUT_PIXELS = 25_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
const WEBP_QUALITY = 80;

export interface ProcessedImage {
  /** `<prefix>/<random id>`; pictures are `<key>-<w>.webp` in the store. */
  key: string;
  /** Widths written, ascending. */
  widths: number[];
  /** Dimensions of the (auto-rotated) original, scaled down to the largest width when wider. */
  width: number;
  height: number;
}

export interface ProcessImageOptions {
  store: PictureStore;
  /** Sub-folder of the key: 'products', 'categories', ... (letters, digits, '-', '_', '/'). */
  prefix: string;
  /** WebP encoder effort 0..6 (default 4); the seed uses a lower one for speed. */
  effort?: number;
}

type SharpModule = typeof sharpFunction;
let sharpLoaded: Promise<SharpModule> | undefined;

/**
 * sharp (libvips), loaded on the first picture to process rather than with the server: serving the
 * shop never needs it (pictures are files written at upload), and libvips' library and threads cost a
 * process some 15-20 MB it would hold for nothing. Its operation cache is off: every upload is a new
 * picture processed once, so the cache (up to 50 MB of decoded pixels by default) would only keep
 * memory that no later request reuses.
 */
export function loadSharp(): Promise<SharpModule> {
  sharpLoaded ??= import('sharp').then((module) => {
    const sharp = (module as unknown as { default: SharpModule }).default ?? module;
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

const PREFIX_RE = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i;

/** Reads format and oriented size, refusing what is not an accepted image. */
async function inspect(input: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError('unsupported_type', 'The file is not a supported image (JPEG, PNG, WebP or AVIF).');
  }
  const format = meta.format as string | undefined;
  // AVIF is reported as 'heif' with compression 'av1' by libvips; plain HEIC stays refused.
  const isAvif = format === 'avif' || (format === 'heif' && meta.compression === 'av1');
  if (!format || !ACCEPTED_FORMATS.has(format) || (format === 'heif' && !isAvif)) {
    throw new ImageError('unsupported_type', 'The file is not a supported image (JPEG, PNG, WebP or AVIF).');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageError('unsupported_type', 'The image has no dimensions.');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ImageError('too_large', `The image is too large (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`);
  }
  return { width, height };
}

/** The widths to write for an image `originalWidth` pixels wide: those not wider, at least the smallest. */
export function widthsFor(originalWidth: number): number[] {
  const fit = IMAGE_WIDTHS.filter((w) => w <= originalWidth);
  return fit.length > 0 ? [...fit] : [IMAGE_WIDTHS[0]];
}

export async function processImage(input: Buffer, opts: ProcessImageOptions): Promise<ProcessedImage> {
  if (!PREFIX_RE.test(opts.prefix)) throw new Error(`Invalid image prefix: ${opts.prefix}`);
  const { width: origW, height: origH } = await inspect(input);
  const widths = widthsFor(origW);
  const key = `${opts.prefix}/${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

  const sharp = await loadSharp();
  let pipeline: Sharp;
  try {
    // Decode once; each width is a clone. Output carries no metadata (sharp's default).
    pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const buffers = await Promise.all(
      widths.map((w) =>
        pipeline
          .clone()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: opts.effort ?? 4 })
          .toBuffer(),
      ),
    );
    await Promise.all(buffers.map((buf, i) => opts.store.put(pictureKey(key, widths[i]!), buf, 'image/webp')));
  } catch (err) {
    await removeImage(opts.store, key, widths).catch(() => {});
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new ImageError('too_large', 'The image is too large.');
    }
    if (err instanceof Error && /unsupported image format|corrupt|premature end|bad|invalid/i.test(err.message)) {
      throw new ImageError('unsupported_type', 'The image could not be read.');
    }
    throw err;
  }

  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const scale = origW > largest ? largest / origW : 1;
  return {
    key,
    widths,
    width: Math.round(origW * scale),
    height: Math.max(1, Math.round(origH * scale)),
  };
}

/** The store's key of one width: `products/abc-640.webp`. */
export const pictureKey = (key: string, width: number): string => `${key}-${width}.webp`;

export const imageUrl = (key: string, width: number): string => `/uploads/${pictureKey(key, width)}`;

export interface ImageUrls {
  /** The largest width. */
  url: string;
  /** `"/uploads/k-320.webp 320w, /uploads/k-640.webp 640w"` */
  srcset: string;
  sizes: { width: number; url: string }[];
}

export function imageUrls(key: string, widths: readonly number[]): ImageUrls {
  const sorted = [...widths].sort((a, b) => a - b);
  const sizes = sorted.map((width) => ({ width, url: imageUrl(key, width) }));
  return {
    url: sizes.length > 0 ? sizes[sizes.length - 1].url : '',
    srcset: sizes.map((s) => `${s.url} ${s.width}w`).join(', '),
    sizes,
  };
}

/** Deletes the widths of an image; missing ones are not an error, nor is a key the shop never makes. */
export async function removeImage(store: PictureStore, key: string, widths: readonly number[]): Promise<void> {
  const keys = widths.map((w) => pictureKey(key, w));
  if (!keys.every(isPictureKey)) return;
  await Promise.all(keys.map((k) => store.delete(k)));
}
