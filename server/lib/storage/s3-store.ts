/**
 * Pictures in an S3-compatible bucket (AWS, MinIO, Cloudflare R2, Scaleway, ...), through the AWS SDK
 * v3, under `prefix/` when STORAGE_URL names one. Every process of every machine reads and writes the
 * same objects, so an upload on one machine is served by all of them.
 *
 * Checksums are computed only where S3 requires them: the SDK's newer default (a CRC32 trailer on
 * every upload, aws-chunked) is refused or stored garbled by several S3-compatible servers.
 */
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  assertPictureKey,
  PICTURE_CACHE_CONTROL,
  StorageUnavailableError,
  type PictureInfo,
  type PictureStore,
  type StoredPicture,
} from './picture-store.js';

export interface S3StoreOptions {
  bucket: string;
  /** Folder of the bucket, without slashes at its ends; '' for the bucket's root. */
  prefix: string;
  /** The service's address when it is not AWS. */
  endpoint?: string;
  region: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Tests give the emulator's keys; otherwise the SDK's chain (AWS_ACCESS_KEY_ID, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

// The SDK prints a notice on every start under Node 20 (its releases after January 2027 need Node 22).
// The version in package-lock.json runs on Node 20; the move is the project's to plan, not a log line
// at each start of each process. Set the variable to "false" to see it again.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The SDK, loaded at the first request (a second or more to load; the compiled server would otherwise load it at start). */
type Sdk = typeof import('@aws-sdk/client-s3');
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** An answer of the S3 service (not a network failure): its HTTP status and error name. */
const serviceError = (err: unknown): { status?: number; name: string } | null => {
  const e = err as { $metadata?: { httpStatusCode?: number }; $fault?: string; name?: string };
  return e && typeof e === 'object' && e.$metadata && e.$fault ? { status: e.$metadata.httpStatusCode, name: String(e.name) } : null;
};

const notFound = (err: unknown) => {
  const e = serviceError(err);
  return e !== null && (e.status === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound');
};

export class S3PictureStore implements PictureStore {
  readonly location: string;
  private client: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(private readonly options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix}/` : '';
    this.location = `s3://${options.bucket}/${options.prefix}`.replace(/\/$/, '') + (options.endpoint ? ` at ${options.endpoint}` : '');
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    const options = this.options;
    return (this.client ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        // A copy: the SDK marks the object it is given (its `$source`), and the configuration stays as read.
        credentials: options.credentials && { ...options.credentials },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        // A silent endpoint fails a request within seconds instead of holding a visitor's picture.
        requestHandler: { connectionTimeout: 5000, requestTimeout: 20_000 },
      }),
    })));
  }

  private objectKey(key: string): string {
    assertPictureKey(key);
    return `${this.prefix}${key}`;
  }

  async check(): Promise<void> {
    try {
      const { sdk, client } = await this.connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      throw new StorageUnavailableError(this.explain(err), { cause: err });
    }
  }

  /** One sentence for what an operator can fix: the bucket, the credentials or the endpoint. */
  private explain(err: unknown): string {
    const where = `STORAGE_URL=s3://${this.bucket}${this.prefix ? `/${this.options.prefix}` : ''}${this.options.endpoint ? ` (S3_ENDPOINT ${this.options.endpoint})` : ` (AWS, region ${this.options.region})`}`;
    const service = serviceError(err);
    if (service) {
      const { status, name } = service;
      if (status === 404 || name === 'NoSuchBucket' || name === 'NotFound')
        return `The bucket "${this.bucket}" does not exist: create it or correct ${where}.`;
      if (status === 403 || status === 401)
        return `The bucket "${this.bucket}" refused these credentials: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for ${where}.`;
      if (status === 301 || status === 400)
        return `The bucket "${this.bucket}" answered ${status} (${name}): check S3_REGION (${this.options.region}) and S3_FORCE_PATH_STYLE for ${where}.`;
      return `The bucket "${this.bucket}" answered ${status ?? '?'} (${name}) for ${where}.`;
    }
    const e = err as { name?: string; code?: string; message?: string };
    if (e.name === 'CredentialsProviderError') return `No S3 credentials for ${where}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.`;
    return `The S3 storage cannot be reached for ${where} (${[e.code, e.name, String(e.message ?? err).split('\n')[0]].filter(Boolean).join(': ')}).`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: body.length,
        ContentType: contentType,
        // For a CDN or a browser reading the bucket directly, the same promise as the shop's answer.
        CacheControl: PICTURE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredPicture | null> {
    try {
      const { sdk, client } = await this.connect();
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!(out.Body instanceof Readable)) throw new Error('The S3 client gave no Node stream.');
      return {
        body: out.Body,
        size: Number(out.ContentLength ?? 0),
        etag: out.ETag ?? `"${this.objectKey(key)}"`,
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const { sdk, client } = await this.connect();
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: Number(out.ContentLength ?? 0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: deleting twice is fine.
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<PictureInfo> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || object.Key.endsWith('/')) continue;
        yield { key: object.Key.slice(this.prefix.length), size: Number(object.Size ?? 0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    if (this.client) (await this.client).client.destroy();
  }
}
