/**
 * A real S3-compatible server for tests: s3rver (an S3 emulator speaking the HTTP API and signatures),
 * on a free port of 127.0.0.1, its objects in a temporary folder removed at close. The storage is
 * reached through the same SDK calls as a real bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The emulator's fixed keys (it checks signatures made with them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Emulator {
  endpoint: string;
  port: number;
  bucket: string;
  /** The shop's environment for this bucket under `prefix`. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Emulator(bucket = 'flora-pictures'): Promise<S3Emulator> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'flora-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
