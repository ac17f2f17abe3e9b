import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp, type PresignedPost } from './support/app.js';
import { bearer } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields } from './support/project-data.js';
import { inWorld, type World } from './support/world.js';

/**
 * An upload cut off part-way (the page reloaded while the browser was sending the file) can be finished:
 * picture day hands out a new form for the same file, and that form's upload goes through and verifies.
 * Real HTTP to the local upload target, real files on disk.
 */

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp(), ['studioStaff']));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens.studioStaff!), ...(payload ? { payload } : {}) });

const uploadsDir = () => path.join(t.ctx.config.storage.localDir, '.uploads');

/** The sizes of the upload target's temporary files (one per upload under way). */
async function temporaryFiles(): Promise<number[]> {
  const names = await readdir(uploadsDir()).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map((n) => stat(path.join(uploadsDir(), n)).catch(() => null)));
  return sizes.filter((s) => s !== null).map((s) => s.size);
}

type CutOff = 'first kilobyte' | 'half the file' | 'all but the form end';

/**
 * Starts posting `bytes` to the form as a browser would, stops at `cutOff` once the server has begun
 * writing the file, and drops the connection (a page reload mid-upload).
 */
async function abortedUpload(post: PresignedPost, bytes: Buffer, cutOff: CutOff) {
  const boundary = `----resume${randomBytes(8).toString('hex')}`;
  const fields = Object.entries(post.fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_1018.JPG"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = httpRequest(new URL(post.url, t.origin), {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + bytes.length + tail.length),
    },
  });
  const answered = new Promise<number | 'aborted'>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('aborted'));
  });
  req.write(head);
  const sent = {
    'first kilobyte': 1024,
    'half the file': bytes.length / 2,
    'all but the form end': bytes.length,
  };
  req.write(bytes.subarray(0, Math.floor(sent[cutOff])));
  // The server has taken the form and is writing the file: now the browser goes away.
  await eventually(async () => (await temporaryFiles()).some((size) => size > 0));
  req.destroy();
  expect(await answered).toBe('aborted');
}

async function newBatch(name: string) {
  const project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, name, ['student_id']);
  const created = await call('POST', `/api/projects/${project.projectId}/photo-batches`, {
    photo_batch: { name, match_by: 'file_name' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().photo_batch.id as string;
}

/** After the reload the browser offers the same file again: sends it on the form it gets, and verifies. */
async function resume(batchId: string, first: { id: string; presigned_post: PresignedPost }, bytes: Buffer) {
  const file = { file_name: 'IMG_1018.JPG', byte_size: bytes.length, content_type: 'image/jpeg' };
  const resumed = await call('POST', `/api/photo-batches/${batchId}/photos`, { photo: file });
  expect(resumed.statusCode, resumed.body).toBe(200);
  const again = resumed.json().photo;
  expect(again.id).toBe(first.id);
  // A new form for the same key, as picture day hands out when the bytes never reached the photo.
  expect(again.presigned_post.fields.key).toBe(first.presigned_post.fields.key);
  const sent = await t.upload(again.presigned_post, bytes, file.file_name);
  expect(sent.status, await sent.clone().text()).toBe(204);
  const verified = await eventually(async () => {
    const v = await call('PATCH', `/api/photos/${first.id}/verify`);
    return v.statusCode === 202 ? null : v;
  }, 60_000);
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json().photo.verification_state).toBe('verified');

  // Other bytes posted after the verify are refused: on the form that completed, and on the first one.
  const other = await makeJpeg(200, 200);
  expect((await t.upload(again.presigned_post, other)).status).toBe(403);
  expect((await t.upload(first.presigned_post, other)).status).toBe(403);
  // And the batch offers no more forms for it.
  const later = await call('POST', `/api/photo-batches/${batchId}/photos`, { photo: file });
  expect(later.statusCode).toBe(200);
  expect(later.json().photo.presigned_post).toBeUndefined();
}

/** A camera-sized file: megabytes, so half of it is still on its way when the page reloads. */
const cameraFile = async () => {
  const bytes = await makeJpeg(2400, 1600);
  expect(bytes.length).toBeGreaterThan(1_000_000);
  return bytes;
};

const createItem = async (batchId: string, bytes: Buffer) => {
  const created = await call('POST', `/api/photo-batches/${batchId}/photos`, {
    photo: { file_name: 'IMG_1018.JPG', byte_size: bytes.length, content_type: 'image/jpeg' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().photo as { id: string; presigned_post: PresignedPost };
};

test.each(['first kilobyte', 'half the file', 'all but the form end'] as const)(
  'an upload cut off at the %s can be sent again on a new form for the same file, and verifies',
  async (cutOff) => {
    const batchId = await newBatch(`Reloaded at the ${cutOff}`);
    const bytes = await cameraFile();
    const photo = await createItem(batchId, bytes);
    await abortedUpload(photo.presigned_post, bytes, cutOff);
    // The half-written file does not stay behind.
    await eventually(async () => (await temporaryFiles()).length === 0);
    await resume(batchId, photo, bytes);
  },
  120_000,
);

test('an upload that arrived but was not verified yet (the page reloaded in between) can be sent again and verifies', async () => {
  const batchId = await newBatch('Reloaded before verify');
  const bytes = await cameraFile();
  const photo = await createItem(batchId, bytes);
  expect((await t.upload(photo.presigned_post, bytes, 'IMG_1018.JPG')).status).toBe(204);
  await resume(batchId, photo, bytes);
}, 120_000);

test('a connection lost part-way uses nothing up: the browser retrying the same form goes through', async () => {
  const batchId = await newBatch('Connection lost');
  const bytes = await cameraFile();
  const photo = await createItem(batchId, bytes);
  await abortedUpload(photo.presigned_post, bytes, 'half the file');
  const retried = await t.upload(photo.presigned_post, bytes, 'IMG_1018.JPG');
  expect(retried.status, await retried.clone().text()).toBe(204);
  const verified = await eventually(async () => {
    const v = await call('PATCH', `/api/photos/${photo.id}/verify`);
    return v.statusCode === 202 ? null : v;
  }, 60_000);
  expect(verified.json().photo.verification_state).toBe('verified');
  expect((await t.upload(photo.presigned_post, await makeJpeg(200, 200))).status).toBe(403);
}, 120_000);
