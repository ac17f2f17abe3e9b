import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Storage } from '../src/storage/storage.js';
import { takeUpload, uploadKeyFor } from '../src/storage/uploads.js';
import { listeningTestApp } from './support/app.js';
import { startS3Storage } from './support/s3.js';

interface Driver {
  storage: Storage;
  /** Where the driver's addresses are fetched from: the local driver's are same-origin relative paths. */
  resolve(address: string): string;
  /**
   * Whether the server itself enforces POST policies and GET signatures. Ours does; s3rver accepts any
   * upload and any GET, so against it the contract checks what we ask S3 to enforce instead.
   */
  enforces: boolean;
  /** Files left beside the stored objects (the local driver's temporary files); none for S3. */
  strayFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/** The local driver, served by the real API on a real port (its /storage routes are the S3 stand-in). */
async function localDriver(): Promise<Driver> {
  const t = await listeningTestApp({}, { workers: false });
  return {
    storage: t.ctx.storage,
    resolve: (address) => new URL(address, t.origin).toString(),
    enforces: true,
    async strayFiles() {
      const names = await readdir(t.ctx.config.storage.localDir, { recursive: true });
      // Half-written files: beside an object, or an upload's that was refused or cut off.
      return names.filter((n) => n.endsWith('.tmp') || /^\.uploads\/./.test(n));
    },
    close: () => t.close(),
  };
}

/** The S3 driver against a real S3-protocol server on 127.0.0.1. */
async function s3Driver(): Promise<Driver> {
  const s3 = await startS3Storage();
  return {
    storage: s3.storage,
    resolve: (address) => address,
    enforces: false,
    strayFiles: async () => [],
    close: () => s3.close(),
  };
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

  async function upload(
    post: { url: string; fields: Record<string, string> },
    body: Buffer,
    overrides: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...post.fields, ...overrides })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(body)]), 'photo.jpg');
    return fetch(driver.resolve(post.url), { method: 'POST', body: form });
  }

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
    const got = await fetch(driver.resolve(url));
    expect(got.status).toBe(200);
    expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(sha(body));
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="Roster _final_.jpg"/);
  });

  test('the local driver names same-origin paths, never a host (the app may be opened on any)', async () => {
    const post = await driver.storage.presignPost({
      key: 'org-1/x',
      contentType: 'text/csv',
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    const get = await driver.storage.presignGet({ key: 'org-1/x', expiresInSeconds: 60 });
    if (!driver.enforces) {
      expect(post.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      return;
    }
    expect(post.url).toBe('/storage/upload');
    expect(get).toMatch(/^\/storage\/files\/org-1\/x\?/);
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
    // Refused attempts don't use the form up: the real upload still goes through.
    expect((await upload(post, bytes(10))).status).toBe(204);
  });

  test('a form is good for one upload: once taken, posting it again cannot change the stored bytes', async () => {
    const key = 'org-1/docs/once';
    const first = Buffer.from('student_id,name\n1,Ada\n');
    const post = await driver.storage.presignPost({
      key: uploadKeyFor(key),
      contentType: 'text/csv',
      maxBytes: 1000,
      expiresInSeconds: 300,
    });
    expect((await upload(post, first)).status).toBeLessThan(300);
    // Verify takes the bytes to the record's key, which no form targets.
    expect(await takeUpload(driver.storage, key)).toEqual({ size: first.length, contentType: 'text/csv' });
    expect(await driver.storage.head(uploadKeyFor(key))).toBeNull();
    const other = Buffer.from('MZ\u0000\u0001 not a roster');
    const again = await upload(post, other);
    if (driver.enforces) {
      // Our target refuses the second post outright.
      expect(again.status).toBe(403);
      expect(await driver.storage.head(uploadKeyFor(key))).toBeNull();
    }
    // On either driver the record's key still holds the first bytes, with their type.
    expect(sha(await driver.storage.read(key))).toBe(sha(first));
    expect((await driver.storage.head(key))?.contentType).toBe('text/csv');
    // And so does a signed GET of it.
    const url = await driver.storage.presignGet({ key, expiresInSeconds: 60 });
    expect(sha(Buffer.from(await (await fetch(driver.resolve(url))).arrayBuffer()))).toBe(sha(first));
  });

  test('a new form for a key replaces bytes not taken yet; once verify takes them, no form writes the key', async () => {
    // A page reloaded after the bytes arrived but before verify: the resumed upload gets a new form.
    const key = 'org-1/docs/resumed';
    const form = () =>
      driver.storage.presignPost({
        key: uploadKeyFor(key),
        contentType: 'text/csv',
        maxBytes: 1000,
        expiresInSeconds: 300,
      });
    const first = await form();
    const firstBytes = Buffer.from('student_id,name\n1,Ada\n');
    expect((await upload(first, firstBytes)).status).toBeLessThan(300);
    // The form that completed is used up...
    if (driver.enforces) expect((await upload(first, Buffer.from('other'))).status).toBe(403);
    // ...but not the key: a new form for it uploads.
    const second = await form();
    // Each local form is its own, even one made in the same second for the same key.
    if (driver.enforces) expect(second.fields.signature).not.toBe(first.fields.signature);
    const secondBytes = Buffer.from('student_id,name\n2,Grace\n');
    expect((await upload(second, secondBytes)).status).toBeLessThan(300);
    expect(await takeUpload(driver.storage, key)).toEqual({
      size: secondBytes.length,
      contentType: 'text/csv',
    });
    if (driver.enforces) {
      // Taken by verify: every form for the key is refused, a fresh one too.
      for (const post of [first, second, await form()]) {
        expect((await upload(post, Buffer.from('MZ not a roster'))).status).toBe(403);
      }
      expect(await driver.storage.head(uploadKeyFor(key))).toBeNull();
    }
    expect(sha(await driver.storage.read(key))).toBe(sha(secondBytes));
  });

  test('two posts of one form at once: one upload is stored whole, the other refused', async () => {
    // S3 keeps the last whole object itself; s3rver, its stand-in here, may interleave concurrent writes.
    if (!driver.enforces) return;
    const key = 'org-1/docs/twice';
    const post = await driver.storage.presignPost({
      key,
      contentType: 'image/jpeg',
      maxBytes: 1_000_000,
      expiresInSeconds: 300,
    });
    const a = bytes(400_000, 3);
    const b = bytes(400_000, 7);
    const [ra, rb] = await Promise.all([upload(post, a), upload(post, b)]);
    expect([ra.status, rb.status].sort()).toEqual([204, 403]);
    expect(sha(await driver.storage.read(key))).toBe(ra.status === 204 ? sha(a) : sha(b));
    expect(await driver.strayFiles()).toEqual([]);
  });

  test('ranged reads return exactly the bytes asked for', async () => {
    const key = 'org-1/docs/range';
    const body = bytes(10_000, 7);
    await driver.storage.put(key, body, 'application/zip');
    const chunks: Buffer[] = [];
    for await (const c of await driver.storage.streamRange(key, 9_000, 9_999)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(body.subarray(9_000, 10_000))).toBe(true);
  });

  test('a GET whose signature was tampered with, or that has none, is refused', async () => {
    const key = 'org-1/docs/c';
    const other = 'org-1/docs/d';
    await driver.storage.put(key, bytes(100), 'text/csv');
    await driver.storage.put(other, bytes(100, 2), 'text/csv');
    const url = new URL(driver.resolve(await driver.storage.presignGet({ key, expiresInSeconds: 60 })));
    if (!driver.enforces) {
      expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      return;
    }
    // The untouched address works: the refusals below are the signature check's doing.
    expect((await fetch(url)).status).toBe(200);
    const signature = url.searchParams.get('signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set(
      'signature',
      `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`,
    );
    expect((await fetch(flipped)).status).toBe(403);
    // A real key's valid signature on another real key.
    const moved = new URL(url);
    moved.pathname = moved.pathname.replace('/docs/c', '/docs/d');
    expect((await fetch(moved)).status).toBe(403);
    // A later expiry than the one signed.
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(extended)).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    expect((await fetch(unsigned)).status).toBe(403);
  });

  test('copy keeps bytes and type, and the copy stays as it was when the original is replaced or deleted', async () => {
    await driver.storage.put('org-9/c/original', bytes(64, 5), 'image/png');
    await driver.storage.copy('org-9/c/original', 'org-9/c/full');
    expect(await driver.storage.head('org-9/c/full')).toEqual({ size: 64, contentType: 'image/png' });
    expect(sha(await driver.storage.read('org-9/c/full'))).toBe(sha(bytes(64, 5)));
    // The local copy is a hard link: a write in place would change both.
    await driver.storage.put('org-9/c/original', bytes(32, 6), 'image/jpeg');
    expect(sha(await driver.storage.read('org-9/c/full'))).toBe(sha(bytes(64, 5)));
    expect(await driver.storage.head('org-9/c/full')).toEqual({ size: 64, contentType: 'image/png' });
    await driver.storage.delete('org-9/c/original');
    expect(sha(await driver.storage.read('org-9/c/full'))).toBe(sha(bytes(64, 5)));
  });

  test('move keeps bytes and type; delete and delete by prefix', async () => {
    await driver.storage.put('org-9/m/from', bytes(64, 3), 'image/png');
    await driver.storage.move('org-9/m/from', 'org-9/m/to');
    expect(await driver.storage.head('org-9/m/from')).toBeNull();
    expect(await driver.storage.head('org-9/m/to')).toEqual({ size: 64, contentType: 'image/png' });
    expect(sha(await driver.storage.read('org-9/m/to'))).toBe(sha(bytes(64, 3)));
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

  /** A body of `total` bytes in chunks of 64 KiB, produced lazily (never one buffer). */
  const chunked = (total: number, seed: number, failAt?: number) =>
    Readable.from(
      (function* () {
        for (let at = 0; at < total; at += 65_536) {
          if (failAt !== undefined && at >= failAt) throw new Error('source failed');
          yield bytes(Math.min(65_536, total - at), seed + at);
        }
      })(),
    );
  const shaOf = (total: number, seed: number) => {
    const hash = createHash('sha256');
    for (let at = 0; at < total; at += 65_536) hash.update(bytes(Math.min(65_536, total - at), seed + at));
    return hash.digest('hex');
  };

  test('putStream stores a stream of unknown length (multipart on S3) and replaces, never duplicates', async () => {
    const key = 'org-9/exports/1/archive.zip';
    const big = 17 * 1024 * 1024 + 123; // three parts of 8 MiB on S3
    await driver.storage.putStream(key, chunked(big, 5), 'application/zip');
    expect(await driver.storage.head(key)).toEqual({ size: big, contentType: 'application/zip' });
    expect(sha(await driver.storage.read(key))).toBe(shaOf(big, 5));
    // A retry writes the same key again: the new bytes replace the old, one object.
    await driver.storage.putStream(key, chunked(1000, 9), 'application/zip');
    expect(await driver.storage.head(key)).toEqual({ size: 1000, contentType: 'application/zip' });
    expect(sha(await driver.storage.read(key))).toBe(shaOf(1000, 9));
    // A stream that fails midway leaves the previous object as it was, and nothing half-written.
    await expect(
      driver.storage.putStream(key, chunked(big, 7, 9 * 1024 * 1024), 'application/zip'),
    ).rejects.toThrow();
    expect(await driver.storage.head(key)).toEqual({ size: 1000, contentType: 'application/zip' });
    expect(sha(await driver.storage.read(key))).toBe(shaOf(1000, 9));
    expect(await driver.storage.head('org-9/exports/1/other')).toBeNull();
    expect(await driver.strayFiles()).toEqual([]);
  });
});
