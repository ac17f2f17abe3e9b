import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded.js';
import { S3Storage } from '../src/storage/s3.js';
import type { Storage } from '../src/storage/storage.js';
import { createTestApp, type TestApp } from './support/app.js';

interface Driver {
  storage: Storage;
  /**
   * Whether the server itself enforces POST policies and GET signatures. Ours does; s3rver accepts any
   * upload and any GET, so against it the contract checks what we ask S3 to enforce instead.
   */
  enforces: boolean;
  close(): Promise<void>;
}

/** The local driver, served by the real API on a real port (its /storage routes are the S3 stand-in). */
async function localDriver(): Promise<Driver> {
  const port = await freePort();
  const t: TestApp = await createTestApp(
    { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    { workers: false },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  return { storage: t.ctx.storage, enforces: true, close: () => t.close() };
}

/** The S3 driver against a real S3-protocol server on 127.0.0.1. */
async function s3Driver(): Promise<Driver> {
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
    enforces: false,
    async close() {
      storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function upload(
  post: { url: string; fields: Record<string, string> },
  body: Buffer,
  overrides: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...post.fields, ...overrides })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(body)]), 'photo.jpg');
  return fetch(post.url, { method: 'POST', body: form });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed = 1) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));

describe.each([
  ['local', localDriver],
  ['s3', s3Driver],
] as const)('storage contract: %s', (_name, makeDriver) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await makeDriver();
  });
  afterAll(() => driver?.close());

  test('a presigned POST stores exactly the bytes sent; head, read and a signed GET return them', async () => {
    const key = 'org-1/photos/a/original';
    const body = bytes(50_000);
    const post = await driver.storage.presignPost({
      key,
      contentType: 'image/jpeg',
      maxBytes: 100_000,
      expiresInSeconds: 300,
    });
    const res = await upload(post, body);
    expect(res.status).toBeLessThan(300);
    expect(await driver.storage.head(key)).toEqual({ size: 50_000, contentType: 'image/jpeg' });
    expect(sha(await driver.storage.read(key))).toBe(sha(body));
    expect((await driver.storage.read(key, 4)).equals(body.subarray(0, 4))).toBe(true);
    const url = await driver.storage.presignGet({
      key,
      expiresInSeconds: 60,
      downloadName: 'Roster "final".jpg',
    });
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(sha(body));
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="Roster _final_.jpg"/);
  });

  test('the policy holds: size range, content type and key', async () => {
    const key = 'org-1/photos/b/original';
    const post = await driver.storage.presignPost({
      key,
      contentType: 'image/png',
      maxBytes: 1000,
      expiresInSeconds: 300,
    });
    if (!driver.enforces) {
      const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8'));
      expect(policy.conditions).toEqual(
        expect.arrayContaining([
          ['eq', '$key', key],
          ['eq', '$Content-Type', 'image/png'],
          ['content-length-range', 1, 1000],
          { bucket: 'school-portal-test' },
        ]),
      );
      const expires = new Date(policy.expiration).getTime();
      expect(expires - Date.now()).toBeLessThanOrEqual(300_000);
      expect(expires - Date.now()).toBeGreaterThan(250_000);
      return;
    }
    expect((await upload(post, bytes(5000))).status).toBeGreaterThanOrEqual(400);
    expect((await upload(post, bytes(10), { 'Content-Type': 'text/html' })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect((await upload(post, bytes(10), { key: 'org-2/stolen' })).status).toBeGreaterThanOrEqual(400);
    expect(await driver.storage.head(key)).toBeNull();
    expect(await driver.storage.head('org-2/stolen')).toBeNull();
  });

  test('a tampered or missing signature on a GET is refused', async () => {
    const key = 'org-1/docs/c';
    await driver.storage.put(key, bytes(100), 'text/csv');
    const url = new URL(await driver.storage.presignGet({ key, expiresInSeconds: 60 }));
    if (!driver.enforces) {
      expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      return;
    }
    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace('/c', '/d');
    expect((await fetch(tampered)).status).toBeGreaterThanOrEqual(400);
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBeGreaterThanOrEqual(400);
  });

  test('delete and delete by prefix', async () => {
    await driver.storage.put('org-9/a/1', bytes(10), 'image/jpeg');
    await driver.storage.put('org-9/a/2', bytes(10), 'image/jpeg');
    await driver.storage.put('org-9/b/1', bytes(10), 'image/jpeg');
    await driver.storage.delete('org-9/b/1');
    expect(await driver.storage.head('org-9/b/1')).toBeNull();
    await driver.storage.deletePrefix('org-9/a/');
    expect(await driver.storage.head('org-9/a/1')).toBeNull();
    expect(await driver.storage.head('org-9/a/2')).toBeNull();
    expect(await driver.storage.head('missing/key')).toBeNull();
  });
});
