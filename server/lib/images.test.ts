import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageError, imageUrls, processImage, removeImage, widthsFor } from './images.js';
import { LocalPictureStore } from './storage/local-store.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'images-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 40, b: 90 } } })
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
    .png()
    .toBuffer();

describe('processImage', () => {
  it('turns a PNG into WebP files of the right widths, without metadata', async () => {
    const input = await png(1200, 800);
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const out = await processImage(input, { store: new LocalPictureStore(dir), prefix: 'products' });
    expect(out.key).toMatch(/^products\/[A-Za-z0-9]+$/);
    expect(out.widths).toEqual([320, 640, 1024]);
    expect(out.width).toBe(1024);
    expect(out.height).toBe(683);

    for (const w of out.widths) {
      const file = path.join(dir, `${out.key}-${w}.webp`);
      const meta = await sharp(await readFile(file)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }

    const urls = imageUrls(out.key, out.widths);
    expect(urls.url).toBe(`/uploads/${out.key}-1024.webp`);
    expect(urls.srcset).toBe(`/uploads/${out.key}-320.webp 320w, /uploads/${out.key}-640.webp 640w, /uploads/${out.key}-1024.webp 1024w`);
    expect(urls.sizes).toHaveLength(3);

    await removeImage(new LocalPictureStore(dir), out.key, out.widths);
    for (const w of out.widths) expect(existsSync(path.join(dir, `${out.key}-${w}.webp`))).toBe(false);
  });

  it('writes only the widths not wider than the original, and at least the smallest', async () => {
    expect(widthsFor(700)).toEqual([320, 640]);
    expect(widthsFor(100)).toEqual([320]);
    const small = await processImage(await png(200, 100), { store: new LocalPictureStore(dir), prefix: 'categories' });
    expect(small.widths).toEqual([320]);
    expect(small).toMatchObject({ width: 200, height: 100 });
    const meta = await sharp(path.join(dir, `${small.key}-320.webp`)).metadata();
    expect(meta.width).toBe(200); // never enlarged
  });

  it('auto-rotates according to the EXIF orientation', async () => {
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#00ff00' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const out = await processImage(rotated, { store: new LocalPictureStore(dir), prefix: 'products' });
    expect(out).toMatchObject({ width: 200, height: 400, widths: [320] });
    const meta = await sharp(path.join(dir, `${out.key}-320.webp`)).metadata();
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(400);
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses an SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><circle cx="400" cy="400" r="300" fill="red"/></svg>',
    );
    await expect(processImage(svg, { store: new LocalPictureStore(dir), prefix: 'products' })).rejects.toMatchObject({
      name: 'ImageError',
      code: 'unsupported_type',
    });
  });

  it('refuses a buffer that is not an image', async () => {
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const err = await processImage(junk, { store: new LocalPictureStore(dir), prefix: 'products' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect((err as ImageError).code).toBe('unsupported_type');
  });

  it('refuses an image over the pixel limit (decompression bomb)', async () => {
    // A tiny PNG whose header claims 20000 x 20000 pixels (400 megapixels).
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200);
    await expect(processImage(bomb, { store: new LocalPictureStore(dir), prefix: 'products' })).rejects.toMatchObject({
      name: 'ImageError',
      code: 'too_large',
    });
  });
});
