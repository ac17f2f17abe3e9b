import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, signIn } from './support/factories.js';
import { buildWorld } from './support/world.js';

/**
 * The API's RSS stays flat while 20 large photos are verified. The API runs in this process
 * (with its job workers, as `npm start` runs it), so this process's RSS is the API's. The uploads go
 * through the real presigned form, the file read from disk (no copy of it held here); then all 20 are
 * verified at once and the RSS is sampled until the last one is done.
 */
const PHOTOS = 20;
// Two in flight (the verify job's concurrency), each read whole for one decode, and each thread's pixel
// buffers: a few photos' worth (measured 2026-11-29: 133 to 178 MB for 21 MB photos, run alone), never as
// many as are queued (20 would be over 400 MB).
const PEAK_BOUND_MB = 220;
// Flat: the second half of the run may not climb above the first half's peak by more than this.
const CLIMB_BOUND_MB = 64;
const FIXTURE = path.join(REPO_ROOT, 'var', 'test-fixtures', 'verify-rss-6000x4000-q97.jpg');

let t: ListeningTestApp;
let token: string;
let albumId: string;

/** A photo-like 24 MP JPEG of about 20 MB, made once and kept under var/ for later runs. */
async function fixture(): Promise<string> {
  if (existsSync(FIXTURE)) return FIXTURE;
  await mkdir(path.dirname(FIXTURE), { recursive: true });
  const partial = `${FIXTURE}.${process.pid}`;
  await sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 97 })
    .toFile(partial);
  await rename(partial, FIXTURE);
  return FIXTURE;
}

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

beforeAll(async () => {
  // Masters wait after verification (120 s by default outside tests): this measures verification alone.
  // Its image threads started with it, as a server's are: their face detector is the baseline's.
  t = await listeningTestApp({ PHOTO_MASTER_DELAY_SECONDS: '600' }, { imageThreadsAtStart: true });
  const w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
  const project = await t.ctx.db
    .insertInto('projects')
    .values({ organization_id: w.orgs.schoolA1.id, name: 'Picture day', season_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const album = await call('POST', '/api/albums', {
    album: { name: 'Photos', tags: [], parent_resource_type: 'Project', parent_resource_id: project.id },
  });
  albumId = album.json().album.id;
}, 120_000);
afterAll(() => t?.close());

test('RSS stays flat while 20 large photos are verified', { timeout: 300_000 }, async () => {
  const file = await fixture();
  const size = (await stat(file)).size;
  expect(size).toBeGreaterThan(15 * 1024 * 1024);

  const ids: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const created = await call('POST', `/api/albums/${albumId}/photos`, {
      photo: { upload_file_name: `p${i}.jpg`, upload_file_size: size, upload_content_type: 'image/jpeg' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, presigned_post: post } = created.json().photo;
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields as Record<string, string>)) form.append(k, v);
    form.append('file', await openAsBlob(file, { type: 'image/jpeg' }), `p${i}.jpg`);
    const uploaded = await fetch(new URL(post.url, t.origin), { method: 'POST', body: form });
    expect(uploaded.status).toBe(204);
    ids.push(id);
  }

  const samples: { at: number; rss: number }[] = [];
  const sample = () => samples.push({ at: performance.now(), rss: process.memoryUsage().rss });
  // The baseline: a second of the settled process before any verification.
  for (let i = 0; i < 10; i++) {
    sample();
    await new Promise((r) => setTimeout(r, 100));
  }
  const baseline = Math.max(...samples.map((s) => s.rss));
  samples.length = 0;
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    for (const id of ids) expect((await call('PATCH', `/api/photos/${id}/verify`)).statusCode).toBe(202);
    await eventually(async () => {
      const left = await t.ctx.db
        .selectFrom('photos')
        .select('id')
        .where('id', 'in', ids)
        .where('verification_state', '!=', 'verified')
        .execute();
      return left.length === 0;
    }, 240_000);
  } finally {
    clearInterval(timer);
  }
  const ended = performance.now();
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const half = started + (ended - started) / 2;
  const peak = Math.max(...samples.map((s) => s.rss));
  const firstHalf = Math.max(...samples.filter((s) => s.at < half).map((s) => s.rss));
  const secondHalf = Math.max(...samples.filter((s) => s.at >= half).map((s) => s.rss));
  const report = {
    photo_mb: mb(size),
    seconds: Math.round((ended - started) / 1000),
    baseline_mb: mb(baseline),
    peak_growth_mb: mb(peak - baseline),
    first_half_peak_mb: mb(firstHalf),
    second_half_peak_mb: mb(secondHalf),
  };
  process.stdout.write(`verify RSS: ${JSON.stringify(report)}\n`);
  expect(report.peak_growth_mb, JSON.stringify(report)).toBeLessThanOrEqual(PEAK_BOUND_MB);
  expect(report.second_half_peak_mb - report.first_half_peak_mb, JSON.stringify(report)).toBeLessThanOrEqual(
    CLIMB_BOUND_MB,
  );
});
