import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { Storage } from './storage.js';

/**
 * The configured storage: S3 when STORAGE_DRIVER=s3, local disk under var/storage otherwise. The local
 * driver's signing secret comes from STORAGE_SIGNING_SECRET, or one generated once and kept beside the
 * files (every process on this machine then shares it).
 */
export async function createStorage(config: Config): Promise<Storage> {
  const s = config.storage;
  if (s.driver === 's3') {
    return new S3Storage({
      bucket: s.s3.bucket!,
      region: s.s3.region,
      endpoint: s.s3.endpoint,
      accessKeyId: s.s3.accessKeyId,
      secretAccessKey: s.s3.secretAccessKey,
      forcePathStyle: s.s3.forcePathStyle,
    });
  }
  await mkdir(s.localDir, { recursive: true });
  let secret = s.signingSecret;
  if (!secret) {
    const file = path.join(s.localDir, '.signing-secret');
    secret = await readFile(file, 'utf8').catch(async () => {
      const fresh = randomBytes(32).toString('base64url');
      await writeFile(file, fresh, { mode: 0o600 });
      return fresh;
    });
  }
  return new LocalStorage(s.localDir, secret);
}

export type { Storage };
export { LocalStorage, S3Storage };
