/**
 * The two picture stores keep the same promises (put, get as a stream, stat, delete, list, missing keys),
 * the local folder and an S3 bucket on a real S3-compatible server (s3rver, started on a free port).
 * Then what a wrong STORAGE_URL, an unknown bucket, refused keys or an unreachable endpoint say.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startS3Emulator, S3RVER_CREDENTIALS, type S3Emulator } from '../../test/s3-emulator.js';
import { freePort } from '../../test/server-process.js';
import { LocalPictureStore } from './local-store.js';
import { openPictureStore, StorageUnavailableError } from './open.js';
import type { PictureStore } from './picture-store.js';
import { S3PictureStore } from './s3-store.js';

let s3: S3Emulator;
const folder = mkdtempSync(path.join(os.tmpdir(), 'flora-store-'));
const opened: PictureStore[] = [];

beforeAll(async () => {
  s3 = await startS3Emulator();
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

const s3Store = (prefix: string, overrides: Partial<ConstructorParameters<typeof S3PictureStore>[0]> = {}) => {
  const store = new S3PictureStore({
    bucket: s3.bucket,
    prefix,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    ...overrides,
  });
  opened.push(store);
  return store;
};

const kinds: [string, () => PictureStore][] = [
  ['a local folder', () => new LocalPictureStore(path.join(folder, 'uploads'))],
  ['an S3 bucket (s3rver)', () => s3Store('shop-a')],
];

describe.each(kinds)('the picture store in %s', (_name, make) => {
  it('stores a picture, streams it back whole, sizes it, lists it and deletes it', async () => {
    const store = make();
    await store.check();
    const bytes = Buffer.from('RIFF....WEBPVP8 a picture');
    await store.put('products/abc123-320.webp', bytes, 'image/webp');
    await store.put('products/abc123-640.webp', Buffer.concat([bytes, bytes]), 'image/webp');

    const got = await store.get('products/abc123-320.webp');
    expect(got).not.toBeNull();
    expect(got!.size).toBe(bytes.length);
    expect(got!.etag).toMatch(/^(W\/)?".+"$/);
    expect(got!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await text(got!.body)).toBe(bytes.toString());
    expect(await store.stat('products/abc123-640.webp')).toEqual({ size: bytes.length * 2 });

    const listed = [];
    for await (const picture of store.list()) listed.push(picture);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'products/abc123-320.webp', size: bytes.length },
      { key: 'products/abc123-640.webp', size: bytes.length * 2 },
    ]);

    // Same key again: replaced, never appended.
    await store.put('products/abc123-320.webp', Buffer.from('other'), 'image/webp');
    expect(await text((await store.get('products/abc123-320.webp'))!.body)).toBe('other');

    await store.delete('products/abc123-320.webp');
    await store.delete('products/abc123-320.webp');
    expect(await store.get('products/abc123-320.webp')).toBeNull();
    expect(await store.stat('products/abc123-320.webp')).toBeNull();
    await store.delete('products/abc123-640.webp');
  });

  it('answers null for a key never stored, and refuses keys that leave their folder', async () => {
    const store = make();
    expect(await store.get('products/never-320.webp')).toBeNull();
    expect(await store.stat('categories/never-640.webp')).toBeNull();
    for (const bad of ['../secrets/order-links.key', '/etc/passwd', 'products/../../x.webp', '.hidden', 'a//b.webp']) {
      await expect(store.get(bad)).rejects.toThrow(/Not a picture key/);
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a picture key/);
    }
  });
});

describe('the S3 picture store', () => {
  it('keeps two prefixes of one bucket apart, and stores pictures with their type and cache promise', async () => {
    const a = s3Store('shop-one');
    const b = s3Store('shop-two/pictures');
    await a.put('products/one-320.webp', Buffer.from('one'), 'image/webp');
    await b.put('products/two-320.webp', Buffer.from('two'), 'image/webp');
    const keysOf = async (store: PictureStore) => {
      const keys = [];
      for await (const p of store.list()) keys.push(p.key);
      return keys;
    };
    expect(await keysOf(a)).toEqual(['products/one-320.webp']);
    expect(await keysOf(b)).toEqual(['products/two-320.webp']);
    expect(await a.get('products/two-320.webp')).toBeNull();
    // What a CDN reading the bucket itself would be told.
    const raw = await fetch(`${s3.endpoint}/${s3.bucket}/shop-two/pictures/products/two-320.webp`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('image/webp');
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('says in one sentence what is wrong: an unknown bucket, refused keys, an endpoint nobody answers', async () => {
    const unknown = await s3Store('', { bucket: 'no-such-bucket' })
      .check()
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(StorageUnavailableError);
    expect((unknown as Error).message).toMatch(
      /^The bucket "no-such-bucket" does not exist: create it or correct STORAGE_URL=s3:\/\/no-such-bucket \(S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+\)\.$/,
    );

    const refused = await s3Store('', { credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } })
      .check()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StorageUnavailableError);
    expect((refused as Error).message).toMatch(/refused these credentials: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);

    const closed = `http://127.0.0.1:${await freePort()}`;
    const away = await s3Store('', { endpoint: closed })
      .check()
      .catch((e: unknown) => e);
    expect(away).toBeInstanceOf(StorageUnavailableError);
    expect((away as Error).message).toMatch(/^The S3 storage cannot be reached for STORAGE_URL=s3:\/\/flora-pictures .*ECONNREFUSED/);
    expect((away as Error).message).not.toMatch(/\n/);
  });

  it('is opened from the configuration and checked before use', async () => {
    const config = loadConfig({ DATA_DIR: folder, ...s3.env('opened') });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: s3.bucket,
      prefix: 'opened',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const store = await openPictureStore(config);
    opened.push(store);
    await store.put('categories/c1-640.webp', Buffer.from('c'), 'image/webp');
    expect(await store.stat('categories/c1-640.webp')).toEqual({ size: 1 });
    await expect(openPictureStore(loadConfig({ DATA_DIR: folder, ...s3.env(), STORAGE_URL: 's3://missing-bucket' }))).rejects.toThrow(
      /^The bucket "missing-bucket" does not exist/,
    );
  });
});

describe('STORAGE_URL', () => {
  const problem = (url: string) => {
    try {
      loadConfig({ STORAGE_URL: url });
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
  };

  it('is the local folder when unset or empty, a bucket and prefix otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: '' }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: 's3://shop-pictures' }).storage).toMatchObject({
      kind: 's3',
      bucket: 'shop-pictures',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ STORAGE_URL: 's3://shop.pictures/flora/prod/', S3_REGION: 'auto', S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com' })
        .storage,
    ).toEqual({
      kind: 's3',
      bucket: 'shop.pictures',
      prefix: 'flora/prod',
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      forcePathStyle: false,
    });
  });

  it('refuses with one sentence another scheme, no bucket, a bucket S3 would refuse or a bad prefix', () => {
    expect(problem('https://bucket.s3.amazonaws.com')).toEqual([
      'STORAGE_URL: must be s3://bucket or s3://bucket/prefix (unset keeps pictures in DATA_DIR/uploads)',
    ]);
    expect(problem('/var/lib/flora/uploads')).toEqual([
      'STORAGE_URL: must be s3://bucket or s3://bucket/prefix (unset keeps pictures in DATA_DIR/uploads)',
    ]);
    expect(problem('s3://')).toEqual(['STORAGE_URL: names no bucket (s3://bucket or s3://bucket/prefix)']);
    expect(problem('s3:///pictures')).toEqual(['STORAGE_URL: names no bucket (s3://bucket or s3://bucket/prefix)']);
    expect(problem('s3://Shop_Pictures')?.[0]).toMatch(/^STORAGE_URL: "Shop_Pictures" is not a bucket name/);
    expect(problem('s3://shop-pictures/a//b')?.[0]).toMatch(/^STORAGE_URL: "a\/\/b" is not a usable prefix/);
    expect(() => loadConfig({ STORAGE_URL: 's3://shop-pictures', AWS_ACCESS_KEY_ID: 'AKIA0000' })).toThrow(
      /STORAGE_URL: needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
  });
});
