import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../../src/db/embedded.js';
import { S3Storage } from '../../src/storage/s3.js';

/** The S3 driver against a real S3-protocol server (s3rver) on 127.0.0.1, with one bucket. */
export async function startS3Storage(): Promise<{ storage: S3Storage; close(): Promise<void> }> {
  const port = await freePort();
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'school-portal-test', configs: [] }],
  });
  await server.run();
  const storage = new S3Storage({
    bucket: 'school-portal-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    async close() {
      storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
