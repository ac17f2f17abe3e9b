import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../../src/db/embedded.js';
import { S3Storage } from '../../src/storage/s3.js';

const BUCKET = 'school-portal-test';

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 with one bucket; `env` points the app's S3 driver at
 * it (createTestApp's environment).
 */
export async function startS3Server() {
  const port = await freePort();
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 driver against a real S3-protocol server (startS3Server). */
export async function startS3Storage(): Promise<{ storage: S3Storage; close(): Promise<void> }> {
  const server = await startS3Server();
  const storage = new S3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: server.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    async close() {
      storage.close();
      await server.close();
    },
  };
}
