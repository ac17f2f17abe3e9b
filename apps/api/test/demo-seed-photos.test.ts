import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';

/**
 * The development seed's photos: the demo project's portraits are checked as an upload's are
 * once verified (a face found, no flag, an auto crop), so its Photo Checks and Coverage show what a
 * real project would, where they were stored without ever being checked.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { seedDemo: true, workers: false });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

test('every demo portrait has its face, no flag and an auto crop; Coverage counts them checked', async () => {
  const photos = await t.ctx.db
    .selectFrom('photos as ph')
    .innerJoin('subject_photo_assignments as a', 'a.photo_id', 'ph.id')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .where('p.name', '=', 'Maple Grove Fall 2026')
    .select(['ph.id', 'ph.checked_at', 'ph.face', 'ph.checks', 's.project_id'])
    .execute();
  expect(photos.length).toBeGreaterThan(2);
  for (const photo of photos) {
    expect(photo.checked_at, `photo ${photo.id}`).not.toBeNull();
    expect(photo.face, `photo ${photo.id}`).not.toBeNull();
    expect(photo.checks, `photo ${photo.id}`).toEqual([]);
  }
  const autoCrops = await t.ctx.db
    .selectFrom('photo_crops')
    .select('photo_id')
    .where('source', '=', 'auto')
    .where(
      'photo_id',
      'in',
      photos.map((p) => p.id),
    )
    .execute();
  expect(new Set(autoCrops.map((c) => c.photo_id)).size).toBe(photos.length);

  // The studio's Coverage: every portrait's crop checked.
  const token = await signIn(t.app, DEMO_USERS.studio, DEMO_PASSWORD);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${photos[0]!.project_id}/coverage`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { totals } = res.json().coverage;
  expect(totals.with_portrait).toBe(photos.length);
  expect(totals.with_checked_crop).toBe(photos.length);
});
